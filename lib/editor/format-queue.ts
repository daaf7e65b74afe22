import { FormatRequest } from "@/lib/api/contract/transcription";
import { exponentialBackoff, jobKind } from "@/lib/jobs/definition";

/**
 * A language-model formatting a worker runs (./format-job.ts) beside its transcriptions, one
 * per user at a time (a unique rule of the kind). Tried 3 times: a model that is busy or slow
 * may answer the next time.
 */
export const formatKind = jobKind({
  kind: "format",
  payload: FormatRequest,
  lane: "tasks",
  maxAttempts: 3,
  backoffMs: exponentialBackoff,
});
