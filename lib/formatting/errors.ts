/** Why a call to the formatting service (the LLM) failed. */
export type FormattingErrorReason = "unreachable" | "timeout" | "credentials" | "busy" | "rejected" | "unusable";

/** The HTTP status a route should answer with, and the sentence to show the user, per reason. */
const FORMATTING_ERRORS: Record<FormattingErrorReason, { status: 502 | 503 | 504; message: string }> = {
  unreachable: { status: 503, message: "The formatting service did not answer. Try again in a minute." },
  timeout: { status: 504, message: "The formatting service did not answer. Try again in a minute." },
  credentials: { status: 502, message: "The formatting service refused our credentials. An operator needs to check LLM_API_KEY." },
  busy: { status: 503, message: "The formatting service is busy. Try again in a minute." },
  rejected: { status: 502, message: "The formatting service could not handle the request. An operator needs to check LLM_BASE_URL and LLM_MODEL." },
  unusable: { status: 502, message: "The formatting service returned an unusable answer. Try again." },
};

/**
 * A failure of the formatting service. `message` is safe to show to users; `logDetail` (upstream
 * status and a short, key-redacted excerpt of its answer) is for server logs only.
 */
export class FormattingError extends Error {
  override readonly name = "FormattingError";
  readonly status: 502 | 503 | 504;

  constructor(
    readonly reason: FormattingErrorReason,
    readonly logDetail?: string,
  ) {
    super(FORMATTING_ERRORS[reason].message);
    this.status = FORMATTING_ERRORS[reason].status;
  }
}
