import { FormatRequest } from "@/lib/api/contract/transcriptions-input";
import { isDomainError } from "@/lib/errors/domain-error";
import { FormattingError } from "@/lib/formatting/errors";
import { llmConfigFromEnv } from "@/lib/formatting/llm-client";
import { defineJob, exponentialBackoff } from "@/lib/jobs/definition";
import { log } from "@/lib/log/logger";
import { FORMAT_ATTEMPTS, isTransientFormatFailure, runFormatJob } from "./format-transcript";

/** A language-model formatting, run by a worker beside its transcriptions (one per user at a time). */
export const formatJob = defineJob({
  kind: "format",
  payload: FormatRequest,
  lane: "tasks",
  maxAttempts: FORMAT_ATTEMPTS,
  backoffMs: exponentialBackoff,
  run: ({ database, job, payload }) => runFormatJob(database, job, payload, llmConfigFromEnv()),
  transient: isTransientFormatFailure,
  reason: (error) => {
    // Customers read a plain sentence; the setup hint for operators goes to the log.
    if (error instanceof FormattingError && error.operatorHint) log().error({ detail: error.logDetail }, error.operatorHint);
    return isDomainError(error) ? error.message : `The format job failed: ${(error as Error).message}`;
  },
  operator: { cancel: async () => {}, redrive: async () => {} },
});
