import type { z } from "zod";
import type { Database, Tx } from "@/lib/db/client";
import type { JobKind } from "@/lib/db/schema";
import type { HeldJob } from "./store";

/**
 * How one run of a job ended. "lost": it stopped being this worker's (canceled, taken over);
 * "released": handed back for another worker; "postponed": handed back for later, uncounted
 * (what it needs is busy or resting: a webhook endpoint's one delivery at a time, its backoff).
 */
export type JobOutcome = "done" | "retry" | "failed" | "lost" | "released" | "postponed";

export interface JobRun<P> {
  database: Database;
  job: HeldJob;
  /** the payload, checked against the kind's schema */
  payload: P;
  /** aborts when the lease is lost or the worker is stopping */
  signal: AbortSignal;
  /** aborts only when the worker is stopping */
  stopping: AbortSignal;
  /** aborts only when the lease is lost (canceled or taken over) */
  lost: AbortSignal;
  /** the lease of this job (for leases of its own parts, like a long file's pieces) */
  leaseMs: number;
  /**
   * Called by long work between two of its parts (a long file's pieces): runs a job of an
   * account its lane served longer ago, if one waits, and resolves when that has ended. So a
   * short file never waits for all of another account's long file.
   */
  yieldTurn(): Promise<void>;
}

/** The lanes of a worker: a long file or a language model's minute must not hold up a mail. */
export type LaneName = "files" | "tasks" | "mail" | "webhooks" | "live";

/**
 * What is queued for one kind of background work and how it is retried: everything an
 * enqueuer needs (`enqueue(tx, kind, payload)`, ./enqueue.ts), and nothing of the work itself,
 * so the feature code that queues it never imports the code that runs it. A feature declares
 * it in `<kind>-queue.ts` and the work in `<kind>-job.ts` (`defineJob(kind, { run, … })`).
 */
export interface JobKindSpec<P> {
  kind: JobKind;
  /** checked when queued and again when run */
  payload: z.core.$ZodType<P>;
  /** which of a worker's lanes runs it */
  lane: LaneName;
  /** attempts before it fails for good (counted runs: a handed-back job is not one) */
  maxAttempts: number;
  /** the wait before attempt `attempt + 1` */
  backoffMs: (attempt: number) => number;
  /** the payload holds what must not outlive the job (a mail's sign-in link) */
  dropPayloadWhenDone?: boolean;
}

/** Declares a kind of job: what is queued, its lane, attempts and backoff. */
export function jobKind<P>(spec: JobKindSpec<P>): JobKindSpec<P> {
  return spec;
}

/**
 * The work of a kind. `run` does it; when it returns nothing the engine ends the job as
 * done. A kind whose end must commit with its own writes (a transcript) ends it itself with
 * `complete(tx, job)` in its transaction and returns the outcome. A throw is a retry
 * (backoff) while `transient(error)` and attempts remain, else a failure: the engine writes
 * it and calls `onFailed` / `onRetry` in the same transaction.
 */
export interface JobWork<P> {
  run(run: JobRun<P>): Promise<JobOutcome | void>;
  /** whether a later attempt may get past this error */
  transient(error: unknown): boolean;
  /** the sentence kept as the failure's reason (users and operators read it) */
  reason(error: unknown): string;
  /** the feature's writes when the job fails for good, in the transaction that fails it */
  onFailed?(tx: Tx, job: HeldJob, reason: string): Promise<void>;
  /** the feature's writes when the job goes back to the queue after an error */
  onRetry?(tx: Tx, job: HeldJob, reason: string): Promise<void>;
  /**
   * An operator's actions; absent: refused. `cancel` is the feature's own cancel (it may end
   * the job itself); the engine then cancels the job if it is still open. `redrive` puts the
   * feature back as it was before the job ran, once the engine has queued the job again.
   */
  operator?: {
    cancel?(tx: Tx, job: OperatorJob): Promise<void>;
    redrive?(tx: Tx, job: OperatorJob): Promise<void>;
    /** whether `redrive` also takes a canceled job (default: yes); false keeps a user's cancel final */
    redriveCanceled?: boolean;
  };
}

/** One kind of background work: its kind and its work. */
export type JobDefinition<P = unknown> = JobKindSpec<P> & JobWork<P>;

export interface OperatorJob {
  id: string;
  kind: JobKind;
  transcriptionId: string | null;
  userId: string | null;
  payload: unknown;
}

/** 5 s, 20 s, 80 s … capped at 5 minutes. */
export function exponentialBackoff(attempt: number): number {
  return Math.min(5 * 60_000, 5_000 * 4 ** Math.max(0, attempt - 1));
}

/** Gives a kind its work; the registry (lib/worker/job-registry.ts) lists every definition. */
export function defineJob<P>(kind: JobKindSpec<P>, work: JobWork<P>): JobDefinition<P> {
  return { ...kind, ...work };
}
