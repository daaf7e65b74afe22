"use client";

import { useState } from "react";
import type * as z from "zod/mini";
import { useAdminRead } from "./use-admin-read";
import { loadFailed } from "./messages";

/** Rows per page for the users and audit-log lists (the API allows up to 100). */
export const PAGE_SIZE = 25;

interface Paged {
  total: number;
  page: number;
  page_size: number;
}

export interface PagedList<P> {
  /** the last page that loaded; kept on screen while the next one loads */
  data: P | null;
  error: string | null;
  /** a read is under way */
  loading: boolean;
  /** the page asked for (it leads `data.page` while that page loads) */
  page: number;
  setPage(page: number): void;
  /** Reads the current page again (after a deletion, say). */
  reload(): void;
  /** Changes the page on screen from a change's answer at once, then reads it again. */
  update(change: (page: P) => P): void;
}

const lastPageOf = (page: Paged) => Math.max(1, Math.ceil(page.total / page.page_size));

/**
 * One page of a server-paged list (users, audit log), read through SWR. `addressFor(page)` is
 * the address of a page of the current query; a new query (search or filters) starts again
 * at page 1.
 */
export function usePagedList<P extends Paged>(
  addressFor: (page: number) => string,
  answer: z.ZodMiniType<P>,
  what: string,
  /** read the page again this often, in ms (the queue, which changes while it is watched) */
  refreshInterval?: number,
): PagedList<P> {
  // The page belongs to the query it was chosen for (named by its first page's address), so
  // changing the query needs no effect to reset it.
  const queryKey = addressFor(1);
  const [chosen, setChosen] = useState({ key: queryKey, page: 1 });
  const page = chosen.key === queryKey ? chosen.page : 1;
  const { data, error, isValidating, mutate } = useAdminRead(addressFor(page), answer, {
    keepPreviousData: true,
    refreshInterval,
    onSuccess: (loaded) => {
      // The last rows of the last page were deleted (or the list shrank): show the new last page.
      const lastPage = lastPageOf(loaded);
      if (loaded.page > lastPage) setChosen({ key: queryKey, page: lastPage });
    },
  });

  return {
    // A page past the end is not shown: the new last page is on its way.
    data: data && data.page <= lastPageOf(data) ? data : null,
    error: error ? loadFailed(what, error.failure) : null,
    loading: isValidating,
    page,
    setPage: (next) => setChosen({ key: queryKey, page: next }),
    reload: () => void mutate(),
    // Shown at once, then read again: a read that left before the change (a search still
    // on its way, say) must not bring the old row back, and SWR drops answers older than this.
    update: (change) => void mutate((old) => old && change(old)),
  };
}
