import { and, eq, inArray } from "drizzle-orm";
import { billedUserOf } from "@/lib/billing/payer";
import { refundSeconds } from "@/lib/billing/usage";
import type { Database, Tx } from "@/lib/db/client";
import { liveSessions, transcriptSpeakers, transcriptions, users, type WordTiming } from "@/lib/db/schema";
import { queueMail } from "@/lib/email/mail-queue";
import { transcriptionEndedMail } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { cancelOpen, complete, lockJobsOf, type HeldJob } from "@/lib/jobs/store";
import { clearLiveRecording, liveDraft, liveSecondsShown } from "@/lib/recordings/store/draft";
import { clearPieces, insertSegments } from "./piece-queue";
import { searchedText } from "./searched-text";
import type { FoundSpeakers } from "./speaker-segments";
import { webhooksOnEnd } from "./webhook-events";

/**
 * Transcription jobs in the job engine (lib/jobs): one per file. Ending one writes the
 * transcript, the failure or the refund in the same transaction that checks the lease, so a
 * file is transcribed exactly once. The kind is `transcribeKind` (transcribe-queue.ts), its work `transcribeJob` (transcribe-job.ts).
 */

export interface CompletedTranscript {
  engine: string;
  language?: string;
  segments: Array<{ startMs: number; endMs: number; text: string; words?: WordTiming[]; confidence?: number; speaker?: string }>;
  /** who speaks (the segments carry their names), or the sentence saying why nobody could be told apart */
  speakers?: FoundSpeakers;
}

/** Stores the transcript and closes the job, if this worker still holds it. */
export async function completeTranscription(database: Database, job: HeldJob, transcriptionId: string, result: CompletedTranscript): Promise<boolean> {
  return database.transaction(async (tx) => {
    if (!(await complete(tx, job))) return false;
    await clearPieces(tx, transcriptionId);
    await clearLiveRecording(tx, transcriptionId);
    await insertSegments(tx, transcriptionId, result.segments);
    await storeSpeakers(tx, transcriptionId, result.speakers);
    await tx
      .update(transcriptions)
      .set({
        status: "done",
        progress: 100,
        engine: result.engine,
        diarizer: result.speakers && "diarizer" in result.speakers ? result.speakers.diarizer : null,
        speakersNote: result.speakers && "note" in result.speakers ? result.speakers.note : null,
        detectedLanguage: result.language ?? null,
        transcriptText: searchedText(result.segments.map((s) => s.text)),
        error: null,
        completedAt: new Date(),
      })
      .where(eq(transcriptions.id, transcriptionId));
    await mailWhenLong(tx, transcriptionId, true);
    await webhooksOnEnd(tx, transcriptionId, "transcription.done");
    return true;
  });
}

/** The speakers a run found, replacing an earlier run's. */
async function storeSpeakers(tx: Tx, transcriptionId: string, found: FoundSpeakers | undefined): Promise<void> {
  await tx.delete(transcriptSpeakers).where(eq(transcriptSpeakers.transcriptionId, transcriptionId));
  if (!found || !("diarizer" in found) || !found.speakers.length) return;
  await tx.insert(transcriptSpeakers).values(found.speakers.map((s) => ({ transcriptionId, speaker: s.speaker, name: s.name, seconds: s.seconds, embedding: s.embedding })));
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

/** A transient error sent the job back to the queue: the file waits again, its pieces of this attempt gone. */
export async function transcriptionRequeued(tx: Tx, transcriptionId: string): Promise<void> {
  await clearPieces(tx, transcriptionId);
  await tx
    .update(transcriptions)
    .set({ status: "queued", progress: 0, piecesDone: 0, piecesTotal: 0 })
    .where(and(eq(transcriptions.id, transcriptionId), inArray(transcriptions.status, ["queued", "processing"])));
}

/**
 * The job failed for good (in its transaction): the transcription fails with the reason
 * the user sees and gives the reserved time back — or, for a live recording, keeps what
 * its live transcription heard, so the user never loses text they saw.
 */
export async function transcriptionFailed(tx: Tx, transcriptionId: string, reason: string): Promise<void> {
  await clearPieces(tx, transcriptionId);
  const draft = await liveDraft(tx, transcriptionId);
  if (draft.length) {
    await insertSegments(tx, transcriptionId, draft.map((u) => ({ ...u, words: u.words ?? undefined, confidence: u.confidence ?? undefined })));
    await clearLiveRecording(tx, transcriptionId);
    await tx
      .update(transcriptions)
      .set({
        status: "done",
        progress: 100,
        piecesDone: 0,
        transcriptText: searchedText(draft.map((u) => u.text)),
        error: `The full-quality pass failed (${reason}), so this is the live transcript.`,
        completedAt: new Date(),
      })
      .where(eq(transcriptions.id, transcriptionId));
    await mailWhenLong(tx, transcriptionId, true);
    await webhooksOnEnd(tx, transcriptionId, "transcription.done");
    return;
  }
  await clearLiveRecording(tx, transcriptionId);
  const [t] = await tx
    .update(transcriptions)
    .set({ status: "failed", error: reason, piecesDone: 0 })
    .where(and(eq(transcriptions.id, transcriptionId), inArray(transcriptions.status, ["queued", "processing"])))
    .returning();
  if (!t) return;
  await refundSeconds(tx, billedUserOf(t), t.usagePeriodStart, t.reservedSeconds);
  await mailWhenLong(tx, transcriptionId, false);
  await webhooksOnEnd(tx, transcriptionId, "transcription.failed");
}

/**
 * Stops a recording, or a queued or running transcription of this user; the worker notices
 * at its next lease renewal. Locks the job row first, in the same order as completeJob and failJob,
 * so they cannot deadlock; refunds only when it really stopped an open job.
 */
export async function cancelTranscription(database: Database | Tx, transcriptionId: string, userId: string): Promise<boolean> {
  return database.transaction(async (tx) => {
    await lockJobsOf(tx, "transcribe", transcriptionId);
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
    await cancelOpen(tx, "live", transcriptionId);
    await clearPieces(tx, transcriptionId);
    const stopped = await cancelOpen(tx, "transcribe", transcriptionId);
    if (stopped > 0 || before?.status === "recording") await refundSeconds(tx, billedUserOf(t), t.usagePeriodStart, t.reservedSeconds - kept);
    return true;
  });
}
