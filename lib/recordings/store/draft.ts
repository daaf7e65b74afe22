import { and, asc, eq, gte, max } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { liveChunks, liveSessions, liveUtterances, type LiveUtterance } from "@/lib/db/schema";

/** What the live engine heard so far, in order: the draft shown until the full transcript replaces it. */
export async function liveDraft(database: Database | Tx, transcriptionId: string, fromIdx = 0): Promise<LiveUtterance[]> {
  return database
    .select()
    .from(liveUtterances)
    .where(and(eq(liveUtterances.transcriptionId, transcriptionId), gte(liveUtterances.idx, fromIdx)))
    .orderBy(asc(liveUtterances.idx));
}

/**
 * Whole seconds of a recording the live text already shown covers: to the end of the last
 * stored utterance, or as far as the engine had heard when it last showed words still
 * changing. These were transcribed and read, so a discard does not give them back.
 */
export async function liveSecondsShown(database: Database | Tx, transcriptionId: string): Promise<number> {
  const [session] = await database.select({ ms: liveSessions.shownMs }).from(liveSessions).where(eq(liveSessions.transcriptionId, transcriptionId));
  const [last] = await database.select({ ms: max(liveUtterances.endMs) }).from(liveUtterances).where(eq(liveUtterances.transcriptionId, transcriptionId));
  return Math.ceil(Math.max(session?.ms ?? 0, last?.ms ?? 0) / 1000);
}

/** The full transcript is stored: the recording's chunks, draft and session go. */
export async function clearLiveRecording(tx: Database | Tx, transcriptionId: string): Promise<void> {
  await tx.delete(liveChunks).where(eq(liveChunks.transcriptionId, transcriptionId));
  await tx.delete(liveUtterances).where(eq(liveUtterances.transcriptionId, transcriptionId));
  await tx.delete(liveSessions).where(eq(liveSessions.transcriptionId, transcriptionId));
}
