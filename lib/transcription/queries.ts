import type { ApiFormatted, ApiSegment, EditableSegment } from "@/lib/api/contract/transcription";
import { DomainError } from "@/lib/errors/domain-error";
import { and, asc, desc, eq, getTableColumns, gt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptSegments, transcriptions, type Transcription, type TranscriptSegment } from "@/lib/db/schema";
import { mayEdit, VIEWERS_READ_ONLY } from "@/lib/access/roles";
import { editableBy, inSpace, readableBy, type Within } from "@/lib/access/visibility";
import { cancelTranscription } from "./queue";
import { SUMMARY, toApiTranscription, type TranscriptionSummary } from "./summary";

export { SUMMARY, toApiTranscription, type TranscriptionSummary };

export function toApiSegment(s: TranscriptSegment): ApiSegment {
  return { start_ms: s.startMs, end_ms: s.endMs, text: s.text, words: s.words, confidence: s.confidence, speaker: s.speaker };
}

/** A segment with what its editors need to save it: its id and the version it last changed in. */
export function toEditableSegment(s: TranscriptSegment): EditableSegment {
  return { ...toApiSegment(s), id: s.id, version: s.changedVersion };
}

/** The formatted version, if any; `outdated` when the segments were edited after it was made. */
export function toApiFormatted(t: Transcription): ApiFormatted | null {
  if (t.formattedMarkdown === null || !t.formattedLevel) return null;
  return {
    markdown: t.formattedMarkdown,
    level: t.formattedLevel,
    style_name: t.formattedStyleName,
    from_version: t.formattedFromVersion,
    outdated: t.formattedFromVersion !== t.version,
    created_at: t.formattedAt?.toISOString() ?? null,
  };
}

/** The transcription `id`, if the user may read it (./../workspaces/visibility.ts says which). */
export function readableRow(userId: string, id: string, within?: Within) {
  return and(eq(transcriptions.id, id), readableBy(userId, within));
}

/** The transcription `id`, if the user may change it: not a viewer of its workspace. */
export function editableRow(userId: string, id: string) {
  return and(eq(transcriptions.id, id), editableBy(userId));
}

/** One space's transcriptions, newest first (a search is ./search.ts): the personal space (null) or a workspace. */
export async function listTranscriptions(database: Database, userId: string, space: string | null): Promise<Transcription[]> {
  return database.select().from(transcriptions).where(inSpace(userId, space)).orderBy(desc(transcriptions.createdAt)).limit(500);
}

const ID_SHAPE = /^[0-9a-f-]{36}$/i;

/** A transcription only if this user may read it and it is not deleted: anyone else's id is "not found". */
export async function findReadable(database: Database, userId: string, id: string, within?: Within): Promise<Transcription | undefined> {
  if (!ID_SHAPE.test(id)) return undefined;
  const [row] = await database.select().from(transcriptions).where(readableRow(userId, id, within));
  return row;
}

/** Whether the user may still read the transcription (one indexed query, for streams that ask again while they last). */
export async function isReadable(database: Database, userId: string, id: string): Promise<boolean> {
  const [row] = await database.select({ id: transcriptions.id }).from(transcriptions).where(readableRow(userId, id));
  return row !== undefined;
}

export const TRANSCRIPTION_NOT_FOUND = "This transcription does not exist.";

/** The transcription `id` for reading; one the user cannot reach (or none) is not_found, never forbidden. */
export async function readableTranscription(database: Database, userId: string, id: string, within?: Within): Promise<Transcription> {
  const t = await findReadable(database, userId, id, within);
  if (!t) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  return t;
}

/**
 * The transcription `id` for changing it. Unreachable is not_found as for reading; a viewer
 * of its workspace, who can read it, is told they may not change it (forbidden).
 */
export async function editableTranscription(database: Database, userId: string, id: string, within?: Within): Promise<Transcription> {
  const t = await readableTranscription(database, userId, id, within);
  if (!(await mayEdit(database, userId, t))) throw new DomainError("forbidden", VIEWERS_READ_ONLY);
  return t;
}

// Segments read per query: a 10-hour transcript has 3,600 and its word timings take ~6 MB,
// which embedded PGlite would read on the server's own thread in one go (~100 ms). A page
// of 100 is ~2 ms for ordinary segments, and bounded for the longest (5,000 characters each).
const SEGMENTS_PER_READ = 100;

/**
 * A transcription's segments in order, read a page at a time so other requests run between
 * the pages. `words: false` leaves the word timings out (most of a segment's bytes) for
 * readers that do not use them.
 */
export async function segmentsOf(database: Database, transcriptionId: string, { words = true } = {}): Promise<TranscriptSegment[]> {
  const all: TranscriptSegment[] = [];
  for (;;) {
    const after = all.length ? all[all.length - 1].position : -1;
    const page = await database
      .select({ ...getTableColumns(transcriptSegments), words: words ? transcriptSegments.words : sql<null>`null` })
      .from(transcriptSegments)
      .where(and(eq(transcriptSegments.transcriptionId, transcriptionId), gt(transcriptSegments.position, after)))
      .orderBy(asc(transcriptSegments.position))
      .limit(SEGMENTS_PER_READ);
    all.push(...page);
    if (page.length < SEGMENTS_PER_READ) return all;
  }
}

export async function renameTranscription(database: Database, userId: string, id: string, title: string, within?: Within): Promise<Transcription> {
  await editableTranscription(database, userId, id, within);
  // The key's space is checked again as the row changes: one moved meanwhile is not renamed.
  const [row] = await database
    .update(transcriptions)
    .set({ title })
    .where(and(editableRow(userId, id), within ? readableBy(userId, within) : undefined))
    .returning();
  if (!row) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  return row;
}

/** Stops the user's queued or running transcription and returns it as it is now; any other state is a `conflict`. */
export async function cancelOwnedTranscription(database: Database, userId: string, id: string, within?: Within): Promise<Transcription> {
  const t = await editableTranscription(database, userId, id, within);
  if (!(await cancelTranscription(database, id, t.userId))) {
    throw new DomainError("conflict", "Only a recording, or a queued or running transcription, can be canceled.");
  }
  return readableTranscription(database, userId, id, within);
}

/** One space's rows changed since a moment, for the live status stream: only the columns it sends. */
export async function changedSince(database: Database, userId: string, space: string | null, since: Date): Promise<TranscriptionSummary[]> {
  return database
    .select(SUMMARY)
    .from(transcriptions)
    .where(and(inSpace(userId, space), sql`${transcriptions.updatedAt} >= ${since.toISOString()}`))
    .orderBy(asc(transcriptions.updatedAt));
}
