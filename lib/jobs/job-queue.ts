import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { queryRows, type Database, type Tx } from "@/lib/db/client";
import { jobs, type JobKind } from "@/lib/db/schema";

/**
 * The durable job queue of every kind of slow work, in PostgreSQL (or PGlite): a job is
 * claimed with FOR UPDATE SKIP LOCKED and held by a lease that its worker renews. A worker
 * that dies stops renewing; when the lease runs out another worker takes the job. Every
 * write that ends a job checks the lease holder, so a job completes exactly once.
 */

export interface ClaimedJob {
  id: string;
  kind: JobKind;
  transcriptionId: string | null;
  userId: string | null;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export interface NewJob {
  kind: JobKind;
  transcriptionId?: string;
  userId?: string;
  payload?: unknown;
  priority?: number;
  maxAttempts?: number;
}

/** The new job's id; null when a unique rule of its kind refuses it (a file's second transcription, a user's second formatting). */
export async function enqueueJob(tx: Tx | Database, job: NewJob): Promise<string | null> {
  const rows = await tx.insert(jobs).values({ id: randomUUID(), ...job }).onConflictDoNothing().returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/** The next job of these kinds that is due (or whose holder died), taken for `leaseMs`. */
export async function claimJob(database: Database, workerId: string, leaseMs: number, kinds: readonly JobKind[]): Promise<ClaimedJob | null> {
  const kindList = sql.join(kinds.map((k) => sql`${k}`), sql`, `);
  const rows = await queryRows<{
    id: string;
    kind: JobKind;
    transcription_id: string | null;
    user_id: string | null;
    payload: unknown;
    attempts: number;
    max_attempts: number;
  }>(
    database,
    sql`update jobs
          set status = 'running', locked_by = ${workerId},
              locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
              attempts = attempts + 1, updated_at = now()
        where id = (
          select id from jobs
           where kind in (${kindList})
             and ((status = 'queued' and run_after <= now())
               or (status = 'running' and locked_until < now()))
           order by priority desc, created_at asc
           limit 1
           for update skip locked)
        returning id, kind, transcription_id, user_id, payload, attempts, max_attempts`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    transcriptionId: row.transcription_id,
    userId: row.user_id,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  };
}

/** The rows of a job this worker holds and is still running (not canceled, not taken over). */
export const heldBy = (job: Pick<ClaimedJob, "id">, workerId: string) =>
  and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, "running"));

/** Renews the lease; false when the job is no longer this worker's (canceled or taken over). */
export async function renewLease(database: Database, job: Pick<ClaimedJob, "id">, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await database
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** 5 s, 20 s, 80 s … capped at 5 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5 * 60_000, 5_000 * 4 ** Math.max(0, attempt - 1));
}

/** Back to the queue after the backoff of this attempt; false when the job is no longer this worker's. */
export async function requeueJob(tx: Tx | Database, job: ClaimedJob, workerId: string, reason: string): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({
      status: "queued",
      lockedBy: null,
      lockedUntil: null,
      lastError: reason,
      runAfter: sql`now() + make_interval(secs => ${retryDelayMs(job.attempts) / 1000})`,
    })
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
