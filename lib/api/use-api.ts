"use client";

import useSWR, { type SWRConfiguration } from "swr";
import type * as z from "zod/mini";
import { fetchOrThrow, type ApiCallError } from "./client";

/**
 * Reads (lists, details, polling) through SWR: one cache per path, deduplicated requests,
 * revalidation on focus, and `mutate` to update after a change. `path` null waits.
 */
export function useApi<S extends z.ZodMiniType>(path: string | null, answer: S, config?: SWRConfiguration<z.output<S>, ApiCallError>) {
  return useSWR<z.output<S>, ApiCallError>(path, (p: string) => fetchOrThrow(p, answer), config);
}
