import { and, eq, inArray } from "drizzle-orm";
import { refundSeconds } from "@/lib/billing/usage";
import type { Database, Tx } from "@/lib/db/client";
import { jobs, liveSessions, transcriptions, users, type WordTiming } from "@/lib/db/schema";
import { queueMail } from "@/lib/email/mail-queue";
import { transcriptionEndedMail } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { claimJob, enqueueJob, heldBy, requeueJob, type ClaimedJob } from "@/lib/jobs/job-queue";
import { clearLiveRecording, liveDraft, liveSecondsShown } from "@/lib/live/live-draft";
import { clearPieces, insertSegments } from "./piece-queue";

/**
 * Transcription jobs in the general job queue (lib/jobs): one per file. Ending one writes
 * the transcript, the failure or the refund in the same transaction that checks the lease,
 * so a file is transcribed exactly once.
 */

export type TranscribeJob = ClaimedJob & { transcriptionId: string };

export async function enqueue(tx: Tx | Database, transcriptionId: string, priority: number): Promise<void> {
  await enqueueJob(tx, { kind: "transcribe", transcriptionId, priority });
}

export async function claimNext(database: Database, workerId: string, leaseMs: number): Promise<TranscribeJob | null> {
  const job = await claimJob(database, workerId, leaseMs, ["transcribe"]);
  return job?.transcriptionId ? { ...job, transcriptionId: job.transcriptionId } : null;
}

export interface CompletedTranscript {
  engine: string;
  language?: string;
  segments: Array<{ startMs: number; endMs: number; text: string; words?: WordTiming[]; confidence?: number }>;
}

/** Stores the transcript and closes the job, if this worker still holds it. */
export async function completeJob(database: Database, job: TranscribeJob, workerId: string, result: CompletedTranscript): Promise<boolean> {
  return database.transaction(async (tx) => {
    const closed = await tx
      .update(jobs)
      .set({ status: "done", lockedBy: null, lockedUntil: null, lastError: null })
      .where(heldBy(job, workerId))
      .returning({ id: jobs.id });
    if (!closed.length) return false;
    await clearPieces(tx, job.transcriptionId);
    await clearLiveRecording(tx, job.transcriptionId);
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
    await mailWhenLong(tx, job.transcriptionId, true);
    return true;
  });
}

/**
 * Audio of at least five minutes is "long": a user rarely waits on the page for it, so its
 * end is worth an e-mail (shorter files finish while the page is still open).
 */
export const LONG_TRANSCRIPTION_S = 5 * 60;

/** Queued in the transaction that ends the job: the mail goes out exactly when the end commits. */
async function mailWhenLong(tx: Tx, transcriptionId: string, succeeded: boolean): Promise<void> {
  const [row] = await tx
    .select({ title: transcriptions.title, durationS: transcriptions.durationS, email: users.email, name: users.name, wanted: users.emailWhenDone })
    .from(transcriptions)
    .innerJoin(users, eq(users.id, transcriptions.userId))
    .where(eq(transcriptions.id, transcriptionId));
  if (!row?.wanted || row.durationS < LONG_TRANSCRIPTION_S) return;
  const url = `${env().APP_URL}/transcription/${transcriptionId}`;
  await queueMail(tx, transcriptionEndedMail(row.email, row.name, row.title, succeeded, url));
}

/**
 * A transient error goes back to the queue with backoff while attempts remain; anything
 * else (or the last attempt) fails the transcription with the reason the user sees, and
 * gives the reserved time back.
 */
export async function failJob(
  database: Database,
  job: TranscribeJob,
  workerId: string,
  reason: string,
  transient: boolean,
): Promise<"retry" | "failed" | "lost"> {
  return database.transaction(async (tx) => {
    const mine = heldBy(job, workerId);
    if (transient && job.attempts < job.maxAttempts) {
      if (!(await requeueJob(tx, job, workerId, reason))) return "lost";
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
    // A live recording keeps what its live transcription heard: the user never loses text they saw.
    const draft = await liveDraft(tx, job.transcriptionId);
    if (draft.length) {
      await insertSegments(tx, job.transcriptionId, draft.map((u) => ({ ...u, words: u.words ?? undefined, confidence: u.confidence ?? undefined })));
      await clearLiveRecording(tx, job.transcriptionId);
      await tx
        .update(transcriptions)
        .set({
          status: "done",
          progress: 100,
          piecesDone: 0,
          transcriptText: draft.map((u) => u.text).join(" "),
          error: `The full-quality pass failed (${reason}), so this is the live transcript.`,
          completedAt: new Date(),
        })
        .where(eq(transcriptions.id, job.transcriptionId));
      await mailWhenLong(tx, job.transcriptionId, true);
      return "failed";
    }
    await clearLiveRecording(tx, job.transcriptionId);
    const [t] = await tx
      .update(transcriptions)
      .set({ status: "failed", error: reason, piecesDone: 0 })
      .where(eq(transcriptions.id, job.transcriptionId))
      .returning();
    if (t) await refundSeconds(tx, t.userId, t.usagePeriodStart, t.reservedSeconds);
    await mailWhenLong(tx, job.transcriptionId, false);
    return "failed";
  });
}

/**
 * Stops a recording, or a queued or running transcription of this user; the worker notices
 * at its next lease renewal. Locks the job row first, in the same order as completeJob and failJob,
 * so they cannot deadlock; refunds only when it really stopped an open job.
 */
export async function cancelTranscription(database: Database, transcriptionId: string, userId: string): Promise<boolean> {
  return database.transaction(async (tx) => {
    await tx.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.kind, "transcribe"), eq(jobs.transcriptionId, transcriptionId))).for("update");
    // A recording's session next, as receiving and stopping take it (session, then transcription).
    await tx.select({ id: liveSessions.transcriptionId }).from(liveSessions).where(eq(liveSessions.transcriptionId, transcriptionId)).for("update");
    const [before] = await tx.select({ status: transcriptions.status }).from(transcriptions).where(eq(transcriptions.id, transcriptionId));
    const [t] = await tx
      .update(transcriptions)
      .set({ status: "canceled", error: null })
      .where(
        and(
          eq(transcriptions.id, transcriptionId),
          eq(transcriptions.userId, userId),
          inArray(transcriptions.status, ["recording", "queued", "processing"]),
        ),
      )
      .returning();
    if (!t) return false;
    // Seconds whose words the live text already showed stay used: only time never transcribed
    // is given back (else recording, reading the live text and discarding would be free).
    const kept = Math.min(t.reservedSeconds, await liveSecondsShown(tx, transcriptionId));
    // A recording being made: its live session and live job end (its worker sees the session gone).
    await clearLiveRecording(tx, transcriptionId);
    await tx.delete(jobs).where(and(eq(jobs.kind, "live"), eq(jobs.transcriptionId, transcriptionId)));
    await clearPieces(tx, transcriptionId);
    const stopped = await tx
      .update(jobs)
      .set({ status: "canceled", lockedBy: null, lockedUntil: null })
      .where(and(eq(jobs.kind, "transcribe"), eq(jobs.transcriptionId, transcriptionId), inArray(jobs.status, ["queued", "running"])))
      .returning({ id: jobs.id });
    if (stopped.length || before?.status === "recording") await refundSeconds(tx, t.userId, t.usagePeriodStart, t.reservedSeconds - kept);
    return true;
  });
}
