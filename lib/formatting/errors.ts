import { DomainError, type ErrorKind } from "@/lib/errors/domain-error";

/** Why a call to the formatting service (the LLM) failed. */
export type FormattingErrorReason = "unreachable" | "timeout" | "credentials" | "busy" | "rejected" | "unusable";

type FormattingErrorKind = Extract<ErrorKind, "provider_failed" | "unavailable" | "provider_timeout">;

/** A misconfigured service, as customers read it: configuration names are for operators (the log). */
const NOT_WORKING = "AI formatting is not working on this server right now. Try again later.";

/**
 * What kind of failure each reason is, the sentence to show the user, and for a setup problem
 * the hint the worker logs for operators.
 */
const FORMATTING_ERRORS: Record<FormattingErrorReason, { kind: FormattingErrorKind; message: string; operatorHint?: string }> = {
  unreachable: { kind: "unavailable", message: "The formatting service did not answer. Try again in a minute." },
  timeout: { kind: "provider_timeout", message: "The formatting service did not answer. Try again in a minute." },
  credentials: { kind: "provider_failed", message: NOT_WORKING, operatorHint: "The formatting service refused our credentials: check LLM_API_KEY." },
  busy: { kind: "unavailable", message: "The formatting service is busy. Try again in a minute." },
  rejected: { kind: "provider_failed", message: NOT_WORKING, operatorHint: "The formatting service could not handle the request: check LLM_BASE_URL and LLM_MODEL." },
  unusable: { kind: "provider_failed", message: "The formatting service returned an unusable answer. Try again." },
};

/**
 * A failure of the formatting service. `message` is safe to show to users; `logDetail` (upstream
 * status and a short, key-redacted excerpt of its answer) is for server logs only.
 */
export class FormattingError extends DomainError {
  declare readonly kind: FormattingErrorKind;

  constructor(
    readonly reason: FormattingErrorReason,
    readonly logDetail?: string,
  ) {
    super(FORMATTING_ERRORS[reason].kind, FORMATTING_ERRORS[reason].message);
    this.name = "FormattingError";
  }

  /** for the server log: what an operator should check, if it is a setup problem */
  get operatorHint(): string | undefined {
    return FORMATTING_ERRORS[this.reason].operatorHint;
  }
}
