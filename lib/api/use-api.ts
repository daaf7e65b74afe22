"use client";

import useSWR, { type SWRConfiguration } from "swr";
import type { z } from "zod";
import { fetchOrThrow, type ApiCallError } from "./client";

/**
 * Reads (lists, details, polling) through SWR: one cache per path, deduplicated requests,
 * revalidation on focus, and `mutate` to update after a change. `path` null waits.
 */
export function useApi<S extends z.ZodType>(path: string | null, answer: S, config?: SWRConfiguration<z.output<S>, ApiCallError>) {
  return useSWR<z.output<S>, ApiCallError>(path, (p: string) => fetchOrThrow(p, answer), config);
}
