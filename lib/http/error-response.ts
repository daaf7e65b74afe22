import { DomainError, isDomainError, type ErrorKind } from "@/lib/errors/domain-error";
import { errorResponse } from "./responses";

/** The one place a domain error kind becomes an HTTP status. */
export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  unprocessable: 422,
  rate_limited: 429,
  provider_failed: 502,
  unavailable: 503,
  provider_timeout: 504,
};

/** `{detail, ...data}` with the kind's status. */
export function domainErrorResponse(error: DomainError): Response {
  return errorResponse(STATUS_OF[error.kind], error.message, error.data);
}

/** What a caller reads when the server itself failed: never the error's own text (internals). */
const UNEXPECTED_ERROR_TEXT = "Something went wrong on our side. Please try again.";

/** The answer to anything a request's work threw: a DomainError's own answer, else a bug's 500. */
export function errorAnswer(error: unknown): Response {
  return isDomainError(error) ? domainErrorResponse(error) : errorResponse(500, UNEXPECTED_ERROR_TEXT);
}
