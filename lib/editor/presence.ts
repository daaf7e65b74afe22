import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { PRESENCE_BEAT_MS, type TranscriptPresence } from "@/lib/api/contract/transcription";
import type { Database } from "@/lib/db/client";
import { transcriptPresence, users } from "@/lib/db/schema";

/** Past this without a beat, a page counts as closed (a crashed tab sends no goodbye). */
const PRESENCE_TTL_MS = 3 * PRESENCE_BEAT_MS;
/** At most this many open pages are shown per transcript; more beats are taken but not listed. */
const MAX_SHOWN = 20;

export interface Beat {
  clientId: string;
  segmentId: string | null;
  left: boolean;
}

/**
 * Records that this page has the transcript open (editing `segmentId`, or reading), or that
 * it closed. Answers whether others should be told now: a page arriving, leaving or moving to
 * another segment; a beat that only says "still here" is not worth waking every stream.
 */
export async function recordBeat(database: Database, userId: string, transcriptionId: string, beat: Beat): Promise<boolean> {
  const key = and(eq(transcriptPresence.transcriptionId, transcriptionId), eq(transcriptPresence.clientId, beat.clientId));
  // Another user's page id is not taken over: ids are random per page, so this is someone guessing.
  const [before] = await database.select().from(transcriptPresence).where(key);
  if (before && before.userId !== userId) return false;
  if (beat.left) {
    await database.delete(transcriptPresence).where(key);
    return before !== undefined;
  }
  await database
    .insert(transcriptPresence)
    .values({ transcriptionId, clientId: beat.clientId, userId, segmentId: beat.segmentId })
    .onConflictDoUpdate({ target: [transcriptPresence.transcriptionId, transcriptPresence.clientId], set: { segmentId: beat.segmentId, seenAt: sql`now()` } });
  // Pages long gone leave no rows behind.
  await database.delete(transcriptPresence).where(and(eq(transcriptPresence.transcriptionId, transcriptionId), lt(transcriptPresence.seenAt, sql`now() - ${`${PRESENCE_TTL_MS} milliseconds`}::interval`)));
  return before?.segmentId !== beat.segmentId || before === undefined;
}

/** The other pages that have the transcript open now, with their users' names, oldest first. */
export async function othersPresent(database: Database, transcriptionId: string, clientId: string | null): Promise<TranscriptPresence> {
  const rows = await database
    .select({ clientId: transcriptPresence.clientId, name: users.name, segmentId: transcriptPresence.segmentId })
    .from(transcriptPresence)
    .innerJoin(users, eq(users.id, transcriptPresence.userId))
    .where(
      and(
        eq(transcriptPresence.transcriptionId, transcriptionId),
        gt(transcriptPresence.seenAt, sql`now() - ${`${PRESENCE_TTL_MS} milliseconds`}::interval`),
        clientId === null ? undefined : ne(transcriptPresence.clientId, clientId),
      ),
    )
    .orderBy(transcriptPresence.seenAt)
    .limit(MAX_SHOWN);
  return { others: rows.map((r) => ({ client_id: r.clientId, name: r.name, segment_id: r.segmentId })) };
}
