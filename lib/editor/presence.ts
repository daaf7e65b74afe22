import { and, count, eq, gt, lt, ne, sql } from "drizzle-orm";
import { PRESENCE_BEAT_MS, type TranscriptPresence } from "@/lib/api/contract/transcription";
import type { Database } from "@/lib/db/client";
import { transcriptPresence, transcriptSegments, users } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";

/** Past this without a beat, a page counts as closed (a crashed tab sends no goodbye). */
const PRESENCE_TTL_MS = 3 * PRESENCE_BEAT_MS;
/** At most this many open pages are shown per transcript; more beats are taken but not listed. */
const MAX_SHOWN = 20;
/** Open pages one person may have on one transcript at once (each beat of a new one adds a row). */
const MAX_PAGES_PER_PERSON = 10;
const TOO_MANY_PAGES = `You have this transcript open in more than ${MAX_PAGES_PER_PERSON} tabs. Close some, then reload this one.`;

/** The segment's id if it is one of this transcript's, else null. */
async function segmentOf(database: Database, transcriptionId: string, segmentId: string): Promise<string | null> {
  const [row] = await database
    .select({ id: transcriptSegments.id })
    .from(transcriptSegments)
    .where(and(eq(transcriptSegments.id, segmentId), eq(transcriptSegments.transcriptionId, transcriptionId)));
  return row?.id ?? null;
}

export interface Beat {
  clientId: string;
  segmentId: string | null;
  left: boolean;
  /** whether the user may edit the transcript: only then are they shown editing a segment */
  mayEdit: boolean;
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
  if (!before && !beat.left) {
    const [{ pages }] = await database
      .select({ pages: count() })
      .from(transcriptPresence)
      .where(and(eq(transcriptPresence.transcriptionId, transcriptionId), eq(transcriptPresence.userId, userId)));
    if (pages >= MAX_PAGES_PER_PERSON) throw new DomainError("rate_limited", TOO_MANY_PAGES);
  }
  // Only someone who may edit is shown editing, and only a segment of this transcript.
  const segmentId = beat.mayEdit && beat.segmentId ? await segmentOf(database, transcriptionId, beat.segmentId) : null;
  beat = { ...beat, segmentId };
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
    // A stable order: beats do not reshuffle the list.
    .orderBy(transcriptPresence.clientId)
    .limit(MAX_SHOWN);
  return { others: rows.map((r) => ({ client_id: r.clientId, name: r.name, segment_id: r.segmentId })) };
}
