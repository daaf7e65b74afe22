import { and, asc, eq, gt } from "drizzle-orm";
import type { ChangedSegment, TranscriptChanges } from "@/lib/api/contract/transcription";
import type { Database } from "@/lib/db/client";
import { transcriptions, transcriptSegments, users, type TranscriptSegment } from "@/lib/db/schema";
import { segmentsOf, toEditableSegment } from "@/lib/transcription/queries";

/** The transcript's versions now, or null when it is gone. */
export async function versionsOf(database: Database, transcriptionId: string): Promise<{ version: number; structureVersion: number } | null> {
  const [row] = await database
    .select({ version: transcriptions.version, structureVersion: transcriptions.structureVersion })
    .from(transcriptions)
    .where(eq(transcriptions.id, transcriptionId));
  return row ?? null;
}

/**
 * What changed after version `since`: the segments changed since (each with who changed it),
 * or, after a split or merge since, every segment in order. The version is read first, so a
 * save landing meanwhile is sent now or next time, never skipped.
 */
export async function changesSince(database: Database, transcriptionId: string, since: number): Promise<TranscriptChanges | null> {
  const at = await versionsOf(database, transcriptionId);
  if (!at) return null;
  const restructured = at.structureVersion > since;
  const changed = await database
    .select()
    .from(transcriptSegments)
    .where(and(eq(transcriptSegments.transcriptionId, transcriptionId), gt(transcriptSegments.changedVersion, since)))
    .orderBy(asc(transcriptSegments.position));
  // After a split or merge every segment is sent, for its new place; those unchanged since
  // come without their word timings (most of a segment's bytes), which the editor has already.
  const withWords = new Map(changed.map((c) => [c.id, c]));
  const rows = restructured ? (await segmentsOf(database, transcriptionId, { words: false })).map((r) => withWords.get(r.id) ?? r) : changed;
  return { version: at.version, restructured, segments: await withEditors(database, rows) };
}

/** The segments as the stream sends them, each with the name of whoever last changed it. */
async function withEditors(database: Database, rows: TranscriptSegment[]): Promise<ChangedSegment[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.changedBy ? [r.changedBy] : [])))];
  const names = new Map<string, string>();
  for (const id of ids) {
    const [user] = await database.select({ name: users.name }).from(users).where(eq(users.id, id));
    if (user) names.set(id, user.name);
  }
  return rows.map((r) => ({ ...toEditableSegment(r), position: r.position, changed_by: r.changedBy ? (names.get(r.changedBy) ?? null) : null }));
}
