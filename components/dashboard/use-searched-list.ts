"use client";

import { useMemo } from "react";
import { useDebounced } from "@/components/ui/use-debounced";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import { listTranscriptions } from "@/lib/api/endpoints/transcription";
import { useApi } from "@/lib/api/use-api";

const SEARCH_DELAY_MS = 250;

/**
 * The dashboard's rows for a search box's text. Results come from the server; rows in them
 * show the latest live state of `items`, and what was uploaded or recorded on this page
 * (after `renderedAt`) stays on top, as it does without a search. No text: `items` as they are.
 */
export function useSearchedList(items: ApiTranscription[], query: string, removed: ReadonlySet<string>, renderedAt: string) {
  const term = useDebounced(query.trim(), SEARCH_DELAY_MS);
  const search = useApi(listTranscriptions, term ? { query: { q: term } } : null, { keepPreviousData: true });
  const shown = useMemo(() => {
    if (!term || !search.data) return items;
    const latest = new Map(items.map((t) => [t.id, t]));
    const found = search.data.transcriptions.filter((t) => !removed.has(t.id)).map((t) => ({ ...(latest.get(t.id) ?? t), snippet: t.snippet }));
    const foundIds = new Set(found.map((t) => t.id));
    const fresh = items.filter((t) => t.created_at > renderedAt && !foundIds.has(t.id));
    return [...fresh, ...found];
  }, [term, search.data, items, removed, renderedAt]);
  return { term, search, shown };
}
