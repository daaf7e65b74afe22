import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { SegmentEdits, SegmentStructureEdit } from "@/lib/api/contract/transcriptions-input";
import type { Database, Tx } from "@/lib/db/client";
import { transcriptSegments, transcriptions, type TranscriptSegment } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { segmentsOf, TRANSCRIPTION_NOT_FOUND } from "@/lib/transcription/queries";
import { MERGE_LAST_MESSAGE, mergedParts, splitParts } from "./segment-structure";
import { realignWords } from "./word-alignment";


export const STALE_EDIT_MESSAGE =
  "This transcript was changed in another tab or window since you opened it. Reload to get the latest version.";
const UNFINISHED_EDIT_MESSAGE = "This transcription is not finished yet, so it cannot be edited.";

export interface SavedEdits {
  version: number;
  segments: TranscriptSegment[];
}

/** A segment is one line of text: newlines and runs of spaces from the editor collapse. */
function cleanText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Applies text and speaker edits if nobody saved since `base_version` (see `versioned`). */
export async function applySegmentEdits(
  database: Database,
  userId: string,
  transcriptionId: string,
  edits: SegmentEdits,
): Promise<SavedEdits> {
  return versioned(database, userId, transcriptionId, edits.base_version, async (tx) => {
    const segments = await updateSegments(tx, transcriptionId, edits.changes);
    await tx
      .update(transcriptions)
      .set({
        transcriptText: sql`(select coalesce(string_agg(${transcriptSegments.text}, ' ' order by ${transcriptSegments.position}), '') from ${transcriptSegments} where ${transcriptSegments.transcriptionId} = ${transcriptionId})`,
      })
      .where(eq(transcriptions.id, transcriptionId));
    return segments;
  });
}

/**
 * Splits a segment in two or merges it with the next, under the same version check as
 * text edits. Positions after it shift; the answer holds every segment. The transcript's
 * search text stays as it is: the words and their order do not change.
 */
export async function restructureSegments(
  database: Database,
  userId: string,
  transcriptionId: string,
  edit: SegmentStructureEdit,
): Promise<SavedEdits> {
  return versioned(database, userId, transcriptionId, edit.base_version, async (tx) => {
    const at = (position: number) =>
      tx
        .select()
        .from(transcriptSegments)
        .where(and(eq(transcriptSegments.transcriptionId, transcriptionId), eq(transcriptSegments.position, position)))
        .then(([row]) => row);
    const row = await at(edit.position);
    if (!row) throw new DomainError("unprocessable", noSegment(edit.position));
    const later = (after: number, by: number) =>
      tx
        .update(transcriptSegments)
        .set({ position: sql`${transcriptSegments.position} + ${by}` })
        .where(and(eq(transcriptSegments.transcriptionId, transcriptionId), gt(transcriptSegments.position, after)));
    if (edit.action === "split") {
      const [first, second] = splitParts(row, edit.word);
      await later(edit.position, 1);
      await tx.update(transcriptSegments).set(first).where(eq(transcriptSegments.id, row.id));
      await tx.insert(transcriptSegments).values({ ...second, id: randomUUID(), transcriptionId, position: edit.position + 1 });
    } else {
      const next = await at(edit.position + 1);
      if (!next) throw new DomainError("unprocessable", MERGE_LAST_MESSAGE);
      await tx.update(transcriptSegments).set(mergedParts(row, next)).where(eq(transcriptSegments.id, row.id));
      await tx.delete(transcriptSegments).where(eq(transcriptSegments.id, next.id));
      await later(edit.position + 1, -1);
    }
    return segmentsOf(tx, transcriptionId);
  });
}

/**
 * Runs `change` only if nobody saved since `baseVersion` (compare-and-set on the version
 * column, in one transaction with the change), so two tabs never overwrite each other
 * silently: the second gets a `conflict` carrying `current_version`, and nothing is written
 * (a DomainError thrown inside the transaction rolls it back).
 */
async function versioned(
  database: Database,
  userId: string,
  transcriptionId: string,
  baseVersion: number,
  change: (tx: Tx) => Promise<TranscriptSegment[]>,
): Promise<SavedEdits> {
  return database.transaction(async (tx) => {
    const [bumped] = await tx
      .update(transcriptions)
      .set({ version: sql`${transcriptions.version} + 1` })
      .where(
        and(
          eq(transcriptions.id, transcriptionId),
          eq(transcriptions.userId, userId),
          eq(transcriptions.status, "done"),
          eq(transcriptions.version, baseVersion),
        ),
      )
      .returning({ version: transcriptions.version });
    if (!bumped) throw await whyRefused(tx, userId, transcriptionId);
    return { version: bumped.version, segments: await change(tx) };
  });
}

const noSegment = (position: number) => `There is no segment ${position} in this transcript.`;

async function whyRefused(tx: Tx, userId: string, transcriptionId: string): Promise<DomainError> {
  const [row] = await tx
    .select({ status: transcriptions.status, version: transcriptions.version })
    .from(transcriptions)
    .where(and(eq(transcriptions.id, transcriptionId), eq(transcriptions.userId, userId)));
  if (!row) return new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  if (row.status !== "done") return new DomainError("conflict", UNFINISHED_EDIT_MESSAGE);
  return new DomainError("conflict", STALE_EDIT_MESSAGE, { current_version: row.version });
}

async function updateSegments(
  tx: Tx,
  transcriptionId: string,
  changes: SegmentEdits["changes"],
): Promise<TranscriptSegment[]> {
  const positions = [...new Set(changes.map((c) => c.position))];
  const rows = await tx
    .select()
    .from(transcriptSegments)
    .where(and(eq(transcriptSegments.transcriptionId, transcriptionId), inArray(transcriptSegments.position, positions)))
    .orderBy(asc(transcriptSegments.position));
  const byPosition = new Map(rows.map((r) => [r.position, r]));
  // Changes apply in order in memory; the result is written in one statement, however many.
  for (const change of changes) {
    const row = byPosition.get(change.position);
    if (!row) throw new DomainError("unprocessable", noSegment(change.position));
    const text = change.text === undefined ? row.text : cleanText(change.text);
    const speaker = change.speaker === undefined ? row.speaker : change.speaker;
    // Without engine word timings there is nothing to keep; guessed ones would mislead the highlight.
    const words = text === row.text || !row.words ? row.words : realignWords(row.words, text, row.startMs, row.endMs);
    byPosition.set(change.position, { ...row, text, speaker, words });
  }
  const edited = positions.map((p) => byPosition.get(p)!);
  const values = sql.join(
    edited.map((r) => sql`(${r.id}::text, ${r.text}::text, ${r.speaker}::text, ${r.words === null ? null : JSON.stringify(r.words)}::jsonb)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${transcriptSegments} set text = v.text, speaker = v.speaker, words = v.words
    from (values ${values}) as v(id, text, speaker, words)
    where ${transcriptSegments.id} = v.id`);
  return edited;
}
