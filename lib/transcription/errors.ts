/** A refusal the API answers with this status and sentence. */
export class TranscriptionRequestError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 415 | 422 | 503,
    message: string,
  ) {
    super(message);
  }
}
