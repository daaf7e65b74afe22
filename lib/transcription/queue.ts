import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { refundSeconds } from "@/lib/billing/usage";
import { queryRows, type Database, type Tx } from "@/lib/db/client";
import { jobs, transcriptions, type WordTiming } from "@/lib/db/schema";
import { clearPieces, insertSegments } from "./piece-queue";

/**
 * The durable transcription queue, in PostgreSQL (or PGlite): a job is claimed with
 * FOR UPDATE SKIP LOCKED and held by a lease that the worker renews. A worker that dies
 * stops renewing; when the lease runs out another worker takes the job. Every write that
 * ends a job checks the lease holder, so a job completes exactly once.
 */

export interface ClaimedJob {
  id: string;
  transcriptionId: string;
  attempts: number;
  maxAttempts: number;
}

export async function enqueue(tx: Tx | Database, transcriptionId: string, priority: number): Promise<void> {
  await tx.insert(jobs).values({ id: randomUUID(), transcriptionId, priority });
}

export async function claimNext(database: Database, workerId: string, leaseMs: number): Promise<ClaimedJob | null> {
  const rows = await queryRows<{ id: string; transcription_id: string; attempts: number; max_attempts: number }>(
    database,
    sql`update jobs
          set status = 'running', locked_by = ${workerId},
              locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
              attempts = attempts + 1, updated_at = now()
        where id = (
          select id from jobs
           where (status = 'queued' and run_after <= now())
              or (status = 'running' and locked_until < now())
           order by priority desc, created_at asc
           limit 1
           for update skip locked)
        returning id, transcription_id, attempts, max_attempts`,
  );
  const row = rows[0];
  return row ? { id: row.id, transcriptionId: row.transcription_id, attempts: row.attempts, maxAttempts: row.max_attempts } : null;
}

/** Renews the lease; false when the job is no longer this worker's (canceled or taken over). */
export async function renewLease(database: Database, job: ClaimedJob, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await database
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export interface CompletedTranscript {
  engine: string;
  language?: string;
  segments: Array<{ startMs: number; endMs: number; text: string; words?: WordTiming[]; confidence?: number }>;
}

/** Stores the transcript and closes the job, if this worker still holds it. */
export async function completeJob(database: Database, job: ClaimedJob, workerId: string, result: CompletedTranscript): Promise<boolean> {
  return database.transaction(async (tx) => {
    const closed = await tx
      .update(jobs)
      .set({ status: "done", lockedBy: null, lockedUntil: null, lastError: null })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")))
      .returning({ id: jobs.id });
    if (!closed.length) return false;
    await clearPieces(tx, job.transcriptionId);
    await insertSegments(tx, job.transcriptionId, result.segments);
    await tx
      .update(transcriptions)
      .set({
        status: "done",
        progress: 100,
        engine: result.engine,
        detectedLanguage: result.language ?? null,
        transcriptText: result.segments.map((s) => s.text).join(" "),
        error: null,
        completedAt: new Date(),
      })
      .where(eq(transcriptions.id, job.transcriptionId));
    return true;
  });
}

/** 5 s, 20 s, 80 s … capped at 5 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5 * 60_000, 5_000 * 4 ** Math.max(0, attempt - 1));
}

/**
 * A transient error goes back to the queue with backoff while attempts remain; anything
 * else (or the last attempt) fails the transcription with the reason the user sees, and
 * gives the reserved time back.
 */
export async function failJob(
  database: Database,
  job: ClaimedJob,
  workerId: string,
  reason: string,
  transient: boolean,
): Promise<"retry" | "failed" | "lost"> {
  return database.transaction(async (tx) => {
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, "running"));
    if (transient && job.attempts < job.maxAttempts) {
      const rows = await tx
        .update(jobs)
        .set({
          status: "queued",
          lockedBy: null,
          lockedUntil: null,
          lastError: reason,
          runAfter: sql`now() + make_interval(secs => ${retryDelayMs(job.attempts) / 1000})`,
        })
        .where(mine)
        .returning({ id: jobs.id });
      if (!rows.length) return "lost";
      await clearPieces(tx, job.transcriptionId);
      await tx
        .update(transcriptions)
        .set({ status: "queued", progress: 0, piecesDone: 0, piecesTotal: 0 })
        .where(eq(transcriptions.id, job.transcriptionId));
      return "retry";
    }
    const rows = await tx
      .update(jobs)
      .set({ status: "failed", lockedBy: null, lockedUntil: null, lastError: reason })
      .where(mine)
      .returning({ id: jobs.id });
    if (!rows.length) return "lost";
    await clearPieces(tx, job.transcriptionId);
    const [t] = await tx
      .update(transcriptions)
      .set({ status: "failed", error: reason, piecesDone: 0 })
      .where(eq(transcriptions.id, job.transcriptionId))
      .returning();
    if (t) await refundSeconds(tx, t.userId, t.usagePeriodStart, t.reservedSeconds);
    return "failed";
  });
}

/**
 * Stops a queued or running transcription of this user; the worker notices at its next
 * lease renewal. Locks the job row first, in the same order as completeJob and failJob,
 * so they cannot deadlock; refunds only when it really stopped an open job.
 */
export async function cancelTranscription(database: Database, transcriptionId: string, userId: string): Promise<boolean> {
  return database.transaction(async (tx) => {
    await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.transcriptionId, transcriptionId)).for("update");
    const [t] = await tx
      .update(transcriptions)
      .set({ status: "canceled", error: null })
      .where(
        and(
          eq(transcriptions.id, transcriptionId),
          eq(transcriptions.userId, userId),
          inArray(transcriptions.status, ["queued", "processing"]),
        ),
      )
      .returning();
    if (!t) return false;
    await clearPieces(tx, transcriptionId);
    const stopped = await tx
      .update(jobs)
      .set({ status: "canceled", lockedBy: null, lockedUntil: null })
      .where(and(eq(jobs.transcriptionId, transcriptionId), inArray(jobs.status, ["queued", "running"])))
      .returning({ id: jobs.id });
    if (stopped.length) await refundSeconds(tx, t.userId, t.usagePeriodStart, t.reservedSeconds);
    return true;
  });
}
