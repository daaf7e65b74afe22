import { FormattingError } from "@/lib/formatting/errors";

/** The FormattingError a call rejects with (the test fails if it resolves or throws something else). */
export async function failure(promise: Promise<unknown>): Promise<FormattingError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormattingError);
  return error as FormattingError;
}
