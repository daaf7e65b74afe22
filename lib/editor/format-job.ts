import { isDomainError } from "@/lib/errors/domain-error";
import { FormattingError } from "@/lib/formatting/errors";
import { llmConfigFromEnv } from "@/lib/formatting/llm-client";
import { defineJob } from "@/lib/jobs/definition";
import { log } from "@/lib/log/logger";
import { formatKind } from "./format-queue";
import { isTransientFormatFailure, runFormatJob } from "./format-transcript";

/** A language-model formatting, run by a worker beside its transcriptions (one per user at a time). */
export const formatJob = defineJob(formatKind, {
  run: ({ database, job, payload }) => runFormatJob(database, job, payload, llmConfigFromEnv()),
  transient: isTransientFormatFailure,
  reason: (error) => {
    // Customers read a plain sentence; the setup hint for operators goes to the log.
    if (error instanceof FormattingError && error.operatorHint) log().error({ detail: error.logDetail }, error.operatorHint);
    // Anything else is a bug or the database: its message (a query's values) is not for users.
    return isDomainError(error) ? error.message : "Formatting failed on the server. Please try again.";
  },
  // No retry from the panel: the user asks for formatting again in the editor, on the
  // transcript as it is now (an old request could overwrite a newer formatted version).
  operator: { cancel: async () => {} },
});
