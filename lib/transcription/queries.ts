import type { ApiFormatted, ApiSegment, ApiTranscription } from "@/lib/api/contract/transcriptions";
import { DomainError } from "@/lib/errors/domain-error";
import { and, asc, desc, eq, getTableColumns, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptSegments, transcriptions, type Transcription, type TranscriptSegment } from "@/lib/db/schema";
import { cancelTranscription } from "./queue";

/** The columns a transcription's JSON shape needs: not its full text or formatted version. */
export const SUMMARY = {
  id: transcriptions.id,
  title: transcriptions.title,
  status: transcriptions.status,
  progress: transcriptions.progress,
  piecesDone: transcriptions.piecesDone,
  piecesTotal: transcriptions.piecesTotal,
  language: transcriptions.language,
  detectedLanguage: transcriptions.detectedLanguage,
  engine: transcriptions.engine,
  durationS: transcriptions.durationS,
  source: transcriptions.source,
  originalFilename: transcriptions.originalFilename,
  sizeBytes: transcriptions.sizeBytes,
  error: transcriptions.error,
  createdAt: transcriptions.createdAt,
  updatedAt: transcriptions.updatedAt,
  completedAt: transcriptions.completedAt,
  version: transcriptions.version,
};
export type TranscriptionSummary = Pick<Transcription, keyof typeof SUMMARY>;

/** The JSON shape of a transcription (spec style: snake_case). */
export function toApiTranscription(t: TranscriptionSummary): ApiTranscription {
  return {
    id: t.id,
    title: t.title,
    status: t.status,
    progress: t.progress,
    pieces_done: t.piecesDone,
    pieces_total: t.piecesTotal,
    language: t.language,
    detected_language: t.detectedLanguage,
    engine: t.engine,
    duration_s: t.durationS,
    source: t.source,
    original_filename: t.originalFilename,
    size_bytes: t.sizeBytes,
    error: t.error,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    completed_at: t.completedAt?.toISOString() ?? null,
    version: t.version,
  };
}

export function toApiSegment(s: TranscriptSegment): ApiSegment {
  return { start_ms: s.startMs, end_ms: s.endMs, text: s.text, words: s.words, confidence: s.confidence, speaker: s.speaker };
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

/**
 * The user's transcriptions as they see them: their own, and none in Recently deleted (only
 * ./deletion.ts reads those). Every read or change a user makes picks rows through this.
 */
export function ownedBy(userId: string) {
  return and(eq(transcriptions.userId, userId), isNull(transcriptions.deletedAt));
}

/** The user's transcription `id`, as `ownedBy` sees it. */
export function ownedRow(userId: string, id: string) {
  return and(eq(transcriptions.id, id), ownedBy(userId));
}

/** The user's transcriptions, newest first (a search is ./search.ts). */
export async function listTranscriptions(database: Database, userId: string): Promise<Transcription[]> {
  return database.select().from(transcriptions).where(ownedBy(userId)).orderBy(desc(transcriptions.createdAt)).limit(500);
}

/** A transcription only if it belongs to this user and is not deleted: anyone else's id is "not found". */
export async function findOwned(database: Database, userId: string, id: string): Promise<Transcription | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await database.select().from(transcriptions).where(ownedRow(userId, id));
  return row;
}

export const TRANSCRIPTION_NOT_FOUND = "This transcription does not exist.";

/** The user's transcription `id`; anyone else's (or none) is not_found, never forbidden. */
export async function ownedTranscription(database: Database, userId: string, id: string): Promise<Transcription> {
  const t = await findOwned(database, userId, id);
  if (!t) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
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

export async function renameTranscription(database: Database, userId: string, id: string, title: string): Promise<Transcription> {
  const [row] = await database
    .update(transcriptions)
    .set({ title })
    .where(ownedRow(userId, id))
    .returning();
  if (!row) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  return row;
}

/** Stops the user's queued or running transcription and returns it as it is now; any other state is a `conflict`. */
export async function cancelOwnedTranscription(database: Database, userId: string, id: string): Promise<Transcription> {
  await ownedTranscription(database, userId, id);
  if (!(await cancelTranscription(database, id, userId))) {
    throw new DomainError("conflict", "Only a recording, or a queued or running transcription, can be canceled.");
  }
  return ownedTranscription(database, userId, id);
}

/** Rows changed since a moment, for the live status stream: only the columns it sends. */
export async function changedSince(database: Database, userId: string, since: Date): Promise<TranscriptionSummary[]> {
  return database
    .select(SUMMARY)
    .from(transcriptions)
    .where(and(ownedBy(userId), sql`${transcriptions.updatedAt} >= ${since.toISOString()}`))
    .orderBy(asc(transcriptions.updatedAt));
}
