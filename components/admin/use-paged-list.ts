"use client";

import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from "react";
import type { ApiResult } from "./admin-api";
import { loadFailed } from "./messages";

/** Rows per page for the users and audit-log lists (the API allows up to 100). */
export const PAGE_SIZE = 25;

interface Paged {
  total: number;
  page_size: number;
}

export interface PagedList<P> {
  /** the last page that loaded; kept on screen while the next one loads */
  data: P | null;
  error: string | null;
  loading: boolean;
  page: number;
  setPage(page: number): void;
  reload(): void;
  setData: Dispatch<SetStateAction<P | null>>;
}

/**
 * One page of a server-paged list (users, audit log). A new `queryKey` (search or filters)
 * starts again at page 1; `load` must be memoised on the same inputs as `queryKey`.
 */
export function usePagedList<P extends Paged>(queryKey: string, load: (page: number) => Promise<ApiResult<P>>, what: string): PagedList<P> {
  // The page belongs to the query it was chosen for, so changing the query needs no effect to reset it.
  const [chosen, setChosen] = useState({ key: queryKey, page: 1 });
  const page = chosen.key === queryKey ? chosen.page : 1;
  const [generation, setGeneration] = useState(0);
  const [data, setData] = useState<P | null>(null);
  const [error, setError] = useState<string | null>(null);
  const requestKey = `${queryKey}\n${page}\n${generation}`;
  const [answered, setAnswered] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    load(page).then((result) => {
      // Answers for a query or page the operator has already left are dropped.
      if (!current) return;
      if (result.ok) {
        // The last rows of the last page were deleted (or the list shrank): show the new last page.
        const lastPage = Math.max(1, Math.ceil(result.data.total / result.data.page_size));
        if (page > lastPage) return setChosen({ key: queryKey, page: lastPage });
        setData(result.data);
        setError(null);
      } else {
        setError(loadFailed(what, result));
      }
      setAnswered(requestKey);
    });
    return () => {
      current = false;
    };
  }, [load, page, queryKey, requestKey, what]);

  const setPage = useCallback((next: number) => setChosen({ key: queryKey, page: next }), [queryKey]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  return { data, error, loading: answered !== requestKey, page, setPage, reload, setData };
}
