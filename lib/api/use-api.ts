"use client";

import useSWR, { type SWRConfiguration } from "swr";
import { fetchOrThrow, urlOf, type AddressInput, type AnswerOf, type ApiCallError, type JsonEndpoint } from "./client";

/**
 * Reads (lists, details, polling) through SWR: one cache per address, deduplicated requests,
 * revalidation on focus, and `mutate` to update after a change. `input` null waits.
 */
export function useApi<E extends JsonEndpoint>(e: E, input: AddressInput<E> | null, config?: SWRConfiguration<AnswerOf<E>, ApiCallError>) {
  const address = input === null ? null : (urlOf as (e: E, input: AddressInput<E>) => string)(e, input);
  return useSWR<AnswerOf<E>, ApiCallError>(address, (a: string) => fetchOrThrow<E["answer"]>(a, e.answer), config);
}
