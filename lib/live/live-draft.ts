import { and, asc, eq, gte } from "drizzle-orm";
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

/** The full transcript is stored: the recording's chunks, draft and session go. */
export async function clearLiveRecording(tx: Database | Tx, transcriptionId: string): Promise<void> {
  await tx.delete(liveChunks).where(eq(liveChunks.transcriptionId, transcriptionId));
  await tx.delete(liveUtterances).where(eq(liveUtterances.transcriptionId, transcriptionId));
  await tx.delete(liveSessions).where(eq(liveSessions.transcriptionId, transcriptionId));
}
