import { errorResponse, json } from "./responses";

/** What a business rule returns: a value, or the status and sentence the client gets. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; detail: string };

export const succeed = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = (status: number, detail: string) => ({ ok: false as const, status, detail });

/** The JSON answer for an outcome: `body(value)` on success, `{detail}` otherwise. */
export function outcomeResponse<T>(outcome: Outcome<T>, body: (value: T) => unknown): Response {
  return outcome.ok ? json(body(outcome.value)) : errorResponse(outcome.status, outcome.detail);
}
