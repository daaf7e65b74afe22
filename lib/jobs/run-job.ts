import { z } from "zod";
import type { Database } from "@/lib/db/client";
import { isDomainError } from "@/lib/errors/domain-error";
import { log, withLogContext } from "@/lib/log/logger";
import type { JobDefinition, JobOutcome } from "./definition";
import { withLease } from "./lease";
import { complete, fail, release, renew, retry, type HeldJob } from "./store";

interface RunOptions {
  leaseMs: number;
  stopping: AbortSignal;
  /** the lane's offer of its turn to a fairer account (JobRun.yieldTurn); none: the job keeps it */
  yieldTurn?: () => Promise<void>;
}

const keepTurn = () => Promise.resolve();

/** A job taken more often than its attempts allow kept stopping its workers (a crash, a lost lease): it fails rather than loop. */
export const EXHAUSTED = "It stopped without finishing too many times.";

/**
 * Runs one held job of `definition` to its end under its lease, inside the job's log
 * context, and writes the end: done, retry with backoff, failed, or released when the
 * worker stops; "lost" when the job stopped being this worker's meanwhile.
 */
export function runJob(
  database: Database,
  job: HeldJob,
  definition: JobDefinition<unknown>,
  options: RunOptions,
): Promise<JobOutcome> {
  return withLogContext({ jobId: job.id, kind: job.kind, attempt: job.attempts, transcriptionId: job.transcriptionId ?? undefined }, async () => {
    const began = Date.now();
    const outcome = await attempt(database, job, definition, options);
    log().info({ outcome, ms: Date.now() - began }, `${job.kind} job ${outcome}`);
    return outcome;
  });
}

async function attempt(
  database: Database,
  job: HeldJob,
  definition: JobDefinition<unknown>,
  options: RunOptions,
): Promise<JobOutcome> {
  if (job.attempts > job.maxAttempts) return failed(database, job, definition, definition.reason(new Error(EXHAUSTED)));
  const payload = z.safeParse(definition.payload, job.payload);
  if (!payload.success) return failed(database, job, definition, `The ${job.kind} job's payload is not valid.`);
  let outcome: JobOutcome | void;
  try {
    outcome = await withLease({ renew: () => renew(database, job, options.leaseMs), leaseMs: options.leaseMs, outer: options.stopping }, (signal, lost) =>
      definition.run({
        database,
        job,
        payload: payload.data,
        signal,
        stopping: options.stopping,
        lost,
        leaseMs: options.leaseMs,
        yieldTurn: options.yieldTurn ?? keepTurn,
      }),
    );
  } catch (error) {
    if (options.stopping.aborted) return (await release(database, job)) ? "released" : "lost";
    const reason = definition.reason(error);
    if (definition.transient(error) && job.attempts < job.maxAttempts) {
      const retried = await database.transaction(async (tx) => {
        if (!(await retry(tx, job, reason, definition.backoffMs(job.attempts)))) return "lost" as const;
        await definition.onRetry?.(tx, job, reason);
        return "retry" as const;
      });
      if (retried === "retry") log().warn({ err: error, reason }, `${job.kind} job will be tried again`);
      return retried;
    }
    const ended = await failed(database, job, definition, reason);
    // A DomainError is a refusal the user reads; anything else is worth a stack for operators.
    if (ended === "failed") log().error({ err: isDomainError(error) ? undefined : error, reason }, `${job.kind} job failed`);
    return ended;
  }
  if (outcome) return outcome;
  // Outside the catch: the work succeeded, so a database error writing its end is not the
  // job's failure; it reaches the lane, and the job is taken again when its lease runs out.
  return (await complete(database, job, { dropPayload: definition.dropPayloadWhenDone })) ? "done" : "lost";
}

function failed(database: Database, job: HeldJob, definition: JobDefinition<unknown>, reason: string): Promise<JobOutcome> {
  return database.transaction(async (tx) => {
    if (!(await fail(tx, job, reason))) return "lost" as const;
    await definition.onFailed?.(tx, job, reason);
    return "failed" as const;
  });
}
