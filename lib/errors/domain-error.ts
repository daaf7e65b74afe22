/**
 * What can go wrong, in the words of the business rules, not of HTTP. lib/ throws these;
 * the one adapter in lib/http/error-response.ts turns a kind into a status.
 */
export type ErrorKind =
  | "invalid" // the request itself is malformed or names an unknown option
  | "unauthenticated" // nobody is signed in
  | "forbidden" // signed in, but not allowed (a plan feature, an operator-only action)
  | "not_found" // no such thing, or not yours
  | "conflict" // the thing is not in a state that allows this (stale version, not finished)
  | "too_large" // more bytes, seconds or items than allowed
  | "unsupported_media" // a file of a kind we cannot read
  | "unprocessable" // well-formed, but a field breaks a rule
  | "rate_limited" // too many, too often
  | "provider_failed" // a service we depend on (Stripe, the LLM) refused or failed
  | "provider_timeout" // that service did not answer in time
  | "unavailable"; // this server lacks what the request needs (no engine, no LLM configured)

/** Extra fields the client gets beside `detail`, e.g. `upgrade` or `current_version`. */
export type ErrorData = Record<string, unknown>;

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** The sentence the user reads. */
    message: string,
    readonly data: ErrorData = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
