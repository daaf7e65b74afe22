"use client";

import useSWR, { type SWRConfiguration } from "swr";
import type * as z from "zod/mini";
import { fetchOrThrow, type ApiCallError } from "@/lib/api/client";

/**
 * useApi by address, for the panel's reads useApi cannot type: the paged lists' queries
 * (./admin-api: their routes parse them themselves) and /api/health, which answers operators
 * with more than its endpoint's public contract. The addresses still come from the endpoints.
 */
export function useAdminRead<T>(address: string | null, answer: z.ZodMiniType<T>, config?: SWRConfiguration<T, ApiCallError>) {
  return useSWR<T, ApiCallError>(address, (a: string) => fetchOrThrow(a, answer), config);
}
