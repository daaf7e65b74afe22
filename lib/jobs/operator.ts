import type { Database, Tx } from "@/lib/db/client";
import type { JobKind } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import type { JobDefinition, OperatorJob } from "./definition";
import type { JobStatus } from "./inspect";
import { cancelById, lockJob, requeueEnded, type JobRow } from "./store";

type DefinitionOf = (kind: JobKind) => JobDefinition<unknown>;

/** The caller's writes in the same transaction (the operator's audit entry), given the job as it was. */
type Alongside = (tx: Tx, job: JobRow) => Promise<void>;

export const JOB_NOT_FOUND = "This job does not exist (finished jobs are removed after a while).";

/** The kinds as the refusals name them. */
const KIND_WORDS: Record<JobKind, string> = {
  transcribe: "A transcription",
  format: "A formatting",
  mail: "A mail",
  live: "A live transcription",
  webhook: "A webhook delivery",
};

const retryable = (status: JobStatus) => status === "failed" || status === "canceled";
const cancelable = (status: JobStatus) => status === "queued" || status === "running";

/** What an operator may do with the job now, by the rules `retryJob` and `cancelJob` apply. */
export function allowedActions(job: { kind: JobKind; status: JobStatus }, definitionOf: DefinitionOf): { can_retry: boolean; can_cancel: boolean } {
  const hooks = definitionOf(job.kind).operator;
  const canceledStays = job.status === "canceled" && hooks?.redriveCanceled === false;
  return { can_retry: retryable(job.status) && Boolean(hooks?.redrive) && !canceledStays, can_cancel: cancelable(job.status) && Boolean(hooks?.cancel) };
}

async function locked(tx: Tx, id: string): Promise<JobRow> {
  const job = await lockJob(tx, id);
  if (!job) throw new DomainError("not_found", JOB_NOT_FOUND);
  return job;
}

const operatorJob = (job: JobRow): OperatorJob => ({
  id: job.id,
  kind: job.kind,
  transcriptionId: job.transcriptionId,
  userId: job.userId,
  payload: job.payload,
});

/**
 * An operator queues a failed or canceled job again, its attempts counted afresh; the
 * kind's `redrive` puts the feature back in step (a file shown as queued again) in the same
 * transaction. Refused for a job that has not ended that way, and for kinds without one.
 */
export function retryJob(database: Database, id: string, definitionOf: DefinitionOf, alongside?: Alongside): Promise<JobRow> {
  return database.transaction(async (tx) => {
    const job = await locked(tx, id);
    if (!retryable(job.status)) {
      throw new DomainError("conflict", `This job is ${job.status}: only a failed or canceled job can be retried.`);
    }
    const hooks = definitionOf(job.kind).operator;
    if (!hooks?.redrive) throw new DomainError("conflict", `${KIND_WORDS[job.kind]} job cannot be retried.`);
    if (job.status === "canceled" && hooks.redriveCanceled === false) {
      throw new DomainError("conflict", `${KIND_WORDS[job.kind]} job that was canceled stays canceled: only a failed one can be retried.`);
    }
    await requeueEnded(tx, id);
    await hooks.redrive(tx, operatorJob(job));
    await alongside?.(tx, job);
    return job;
  });
}

/**
 * An operator ends a queued or running job; a running one's worker notices at its next
 * lease renewal and stops. The kind's `cancel` does the feature's writes (a refund, the
 * file marked canceled) in the same transaction.
 */
export function cancelJob(database: Database, id: string, definitionOf: DefinitionOf, alongside?: Alongside): Promise<JobRow> {
  return database.transaction(async (tx) => {
    const job = await locked(tx, id);
    if (!cancelable(job.status)) {
      throw new DomainError("conflict", `This job has already ended (${job.status}), so there is nothing to cancel.`);
    }
    const hooks = definitionOf(job.kind).operator;
    if (!hooks?.cancel) throw new DomainError("conflict", `${KIND_WORDS[job.kind]} job cannot be canceled.`);
    // The feature's own cancel first: it may end the job itself, in its own lock order (a
    // file's cancel takes the job, the recording, then the file, and refunds only when it
    // stopped an open job); whatever it left open is canceled here.
    await hooks.cancel(tx, operatorJob(job));
    await cancelById(tx, id);
    await alongside?.(tx, job);
    return job;
  });
}
