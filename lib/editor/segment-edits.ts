import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gt, inArray, lte, max, sql } from "drizzle-orm";
import type { SegmentEdits, SegmentStructureEdit } from "@/lib/api/contract/transcription";
import type { Database, Tx } from "@/lib/db/client";
import { transcriptSegments, transcriptions, type TranscriptSegment } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { followSpeakerRenames } from "@/lib/speakers/speaker-names";
import { editableRow, readableRow, TRANSCRIPTION_NOT_FOUND } from "@/lib/transcription/queries";
import { mayEdit, VIEWERS_READ_ONLY } from "@/lib/access/roles";
import { searchedTextOf } from "@/lib/transcription/searched-text";
import { MERGE_LAST_MESSAGE, mergedParts, splitParts } from "./segment-structure";
import { runOffThread } from "@/lib/off-thread/off-thread";


export const STALE_EDIT_MESSAGE =
  "This transcript was changed in another tab or window since you opened it. Reload to get the latest version.";
/**
 * What one transcript may hold, so edits cannot grow it without end: every read of it (the
 * editor, exports, formatting) grows with it. A 10-hour recording, the longest file, gives
 * about 550,000 characters in about 3,600 segments.
 */
const MAX_TRANSCRIPT_CHARS = 1_000_000;
const MAX_SEGMENTS = 20_000;
const TRANSCRIPT_TOO_LONG_MESSAGE = `A transcript may hold at most ${MAX_TRANSCRIPT_CHARS} characters; this save would make it longer.`;
const TOO_MANY_SEGMENTS_MESSAGE = `A transcript may hold at most ${MAX_SEGMENTS} segments.`;
const UNFINISHED_EDIT_MESSAGE = "This transcription is not finished yet, so it cannot be edited.";

export interface SavedEdits {
  version: number;
  segments: TranscriptSegment[];
}

/** A segment is one line of text: newlines and runs of spaces from the editor collapse. */
function cleanText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Applies text and speaker edits if nobody saved since `base_version` (see `versioned`).
 * Several changes to one segment count as its last text and speaker. The new texts' word
 * timings are worked out before the transaction, in a worker thread: an alignment is
 * quadratic in the words, and an open transaction would hold the embedded database meanwhile.
 */
export async function applySegmentEdits(
  database: Database,
  userId: string,
  transcriptionId: string,
  edits: SegmentEdits,
): Promise<SavedEdits> {
  // A stale or refused save is answered before any work is done for it.
  const [now] = await database
    .select({ status: transcriptions.status, version: transcriptions.version })
    .from(transcriptions)
    .where(editableRow(userId, transcriptionId));
  if (now?.status !== "done" || now.version !== edits.base_version) throw await whyRefused(database, userId, transcriptionId);
  const changes = lastChangePerSegment(edits.changes);
  const before = await segmentsAt(database, transcriptionId, [...changes.keys()]);
  const after = await editedSegments(userId, before, changes);
  const saved = await versioned(database, userId, transcriptionId, edits.base_version, async (tx) => {
    const missing = [...changes.keys()].find((p) => !before.some((r) => r.position === p));
    if (missing !== undefined) throw new DomainError("unprocessable", noSegment(missing));
    await requireUnchanged(tx, transcriptionId, before, edits.base_version);
    await writeSegments(tx, after);
    await followSpeakerRenames(tx, transcriptionId, after.map((r, i) => ({ from: before[i].speaker, to: r.speaker })));
    const [whole] = await tx
      .select({ chars: sql<number>`coalesce(sum(length(${transcriptSegments.text})) + count(*) - 1, 0)` })
      .from(transcriptSegments)
      .where(eq(transcriptSegments.transcriptionId, transcriptionId));
    // Thrown inside the transaction: nothing of this save is kept.
    if (Number(whole.chars) > MAX_TRANSCRIPT_CHARS) throw new DomainError("unprocessable", TRANSCRIPT_TOO_LONG_MESSAGE);
    return after;
  });
  // The search text (and its index) follows in a statement of its own: in the save's
  // transaction it would hold embedded PGlite, and so every other request, as long again. It
  // is built from the segments as they are then, so of two saves the later one leaves it right.
  await database
    .update(transcriptions)
    .set({ transcriptText: searchedTextOf(transcriptionId) })
    .where(eq(transcriptions.id, transcriptionId));
  return saved;
}

/**
 * Splits a segment in two or merges it with the next, under the same version check as
 * text edits. Positions after it shift by one; the answer holds only the segments the edit
 * made (a split's two, a merge's one), so a 10-hour transcript is not read back and sent
 * whole for one Enter. The transcript's search text stays as it is: the words and their
 * order do not change.
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
    if (edit.action === "split") {
      const [first, second] = splitParts(row, edit.word);
      const [{ segments }] = await tx.select({ segments: count() }).from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, transcriptionId));
      if (segments >= MAX_SEGMENTS) throw new DomainError("unprocessable", TOO_MANY_SEGMENTS_MESSAGE);
      await shiftLater(tx, transcriptionId, edit.position, 1);
      const [kept] = await tx.update(transcriptSegments).set(first).where(eq(transcriptSegments.id, row.id)).returning();
      const [made] = await tx.insert(transcriptSegments).values({ ...second, id: randomUUID(), transcriptionId, position: edit.position + 1 }).returning();
      return [kept, made];
    }
    const next = await at(edit.position + 1);
    if (!next) throw new DomainError("unprocessable", MERGE_LAST_MESSAGE);
    const [merged] = await tx.update(transcriptSegments).set(mergedParts(row, next)).where(eq(transcriptSegments.id, row.id)).returning();
    await tx.delete(transcriptSegments).where(eq(transcriptSegments.id, next.id));
    await shiftLater(tx, transcriptionId, edit.position + 1, -1);
    return [merged];
  });
}

/**
 * Segments moved per statement. Each statement holds embedded PGlite, and so the server's
 * thread, for as long as it runs: all 3,600 segments of a 10-hour transcript in one held
 * it 268 ms (a merge 595 ms). A statement of 100 takes a few ms, and others get a turn between
 * statements (lib/db/pglite-turns.ts); at 200 a merge still came near 100 ms.
 */
const SEGMENTS_PER_SHIFT = 100;

/**
 * Moves every segment after `after` by `by` (one up or down), in statements of
 * SEGMENTS_PER_SHIFT positions, inside the caller's transaction so readers never see a
 * half-moved transcript. Up goes from the end and down from the start, so no statement
 * meets a segment an earlier one moved.
 */
async function shiftLater(tx: Tx, transcriptionId: string, after: number, by: 1 | -1): Promise<void> {
  const [{ last }] = await tx
    .select({ last: max(transcriptSegments.position) })
    .from(transcriptSegments)
    .where(eq(transcriptSegments.transcriptionId, transcriptionId));
  if (last === null) return;
  for (let done = 0; after + done < last; done += SEGMENTS_PER_SHIFT) {
    const [from, to] = by > 0 ? [Math.max(after, last - done - SEGMENTS_PER_SHIFT), last - done] : [after + done, Math.min(last, after + done + SEGMENTS_PER_SHIFT)];
    await tx
      .update(transcriptSegments)
      .set({ position: sql`${transcriptSegments.position} + ${by}` })
      .where(and(eq(transcriptSegments.transcriptionId, transcriptionId), gt(transcriptSegments.position, from), lte(transcriptSegments.position, to)));
  }
}

/**
 * Runs `change` only if nobody saved since `baseVersion` (compare-and-set on the version
 * column, in one transaction with the change), so two tabs never overwrite each other
 * silently: the second gets a `conflict` carrying `current_version`, and nothing is written
 * (a DomainError thrown inside the transaction rolls it back).
 */
export async function versioned(
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
      .where(and(editableRow(userId, transcriptionId), eq(transcriptions.status, "done"), eq(transcriptions.version, baseVersion)))
      .returning({ version: transcriptions.version });
    if (!bumped) throw await whyRefused(tx, userId, transcriptionId);
    return { version: bumped.version, segments: await change(tx) };
  });
}

const noSegment = (position: number) => `There is no segment ${position} in this transcript.`;

async function whyRefused(tx: Database | Tx, userId: string, transcriptionId: string): Promise<DomainError> {
  const [row] = await tx
    .select({ status: transcriptions.status, version: transcriptions.version, userId: transcriptions.userId, workspaceId: transcriptions.workspaceId })
    .from(transcriptions)
    .where(readableRow(userId, transcriptionId));
  if (!row) return new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  if (!(await mayEdit(tx, userId, row))) return new DomainError("forbidden", VIEWERS_READ_ONLY);
  if (row.status !== "done") return new DomainError("conflict", UNFINISHED_EDIT_MESSAGE);
  return new DomainError("conflict", STALE_EDIT_MESSAGE, { current_version: row.version });
}

type Change = Omit<SegmentEdits["changes"][number], "position">;

/** Position → the segment's last text and last speaker among the changes, in position order. */
function lastChangePerSegment(changes: SegmentEdits["changes"]): Map<number, Change> {
  const last = new Map<number, Change>();
  for (const { position, ...change } of [...changes].sort((a, b) => a.position - b.position)) {
    const earlier = last.get(position);
    last.set(position, {
      text: change.text ?? earlier?.text,
      speaker: change.speaker === undefined ? earlier?.speaker : change.speaker,
    });
  }
  return last;
}

const segmentsAt = (database: Database, transcriptionId: string, positions: number[]) =>
  database
    .select()
    .from(transcriptSegments)
    .where(and(eq(transcriptSegments.transcriptionId, transcriptionId), inArray(transcriptSegments.position, positions)))
    .orderBy(asc(transcriptSegments.position));

/** The segments with their changes applied; new texts get word timings from the old ones. */
async function editedSegments(userId: string, rows: TranscriptSegment[], changes: Map<number, Change>): Promise<TranscriptSegment[]> {
  const edited = rows.map((row) => {
    const change = changes.get(row.position)!;
    const text = change.text === undefined ? row.text : cleanText(change.text);
    return { ...row, text, speaker: change.speaker === undefined ? row.speaker : change.speaker };
  });
  // Without engine word timings there is nothing to keep; guessed ones would mislead the highlight.
  const realign = edited.filter((r, i) => r.text !== rows[i].text && rows[i].words);
  if (realign.length) {
    const words = await runOffThread(
      "realignSegments",
      realign.map((r) => ({ previous: r.words!, text: r.text, startMs: r.startMs, endMs: r.endMs })),
      userId,
    );
    realign.forEach((r, i) => (r.words = words[i]));
  }
  return edited;
}

/**
 * Another save bumps the version, so a save whose base version still holds sees the rows it
 * read; this catches any write that did not (a re-run replacing the transcript).
 */
async function requireUnchanged(tx: Tx, transcriptionId: string, before: TranscriptSegment[], baseVersion: number): Promise<void> {
  const now = await tx
    .select({ id: transcriptSegments.id, text: transcriptSegments.text })
    .from(transcriptSegments)
    .where(and(eq(transcriptSegments.transcriptionId, transcriptionId), inArray(transcriptSegments.position, before.map((r) => r.position))))
    .orderBy(asc(transcriptSegments.position));
  const same = now.length === before.length && now.every((r, i) => r.id === before[i].id && r.text === before[i].text);
  // Thrown inside the transaction, so the version stays at the base version.
  if (!same) throw new DomainError("conflict", STALE_EDIT_MESSAGE, { current_version: baseVersion });
}

/** Every edited segment in one statement, however many. */
/**
 * What one statement of a save writes at most: each statement holds embedded PGlite, and so the
 * server's thread. A save's 200 segments with their word timings (~0.5 MB of JSON) in one
 * statement held it 70–150 ms; a part of ~100 KB is a few ms, and others get a turn between parts.
 */
const SAVE_PART_BYTES = 100_000;

/** The edited segments in parts of at most SAVE_PART_BYTES of text and timings (one segment, however large, is a part). */
function saveParts(rows: Array<{ row: TranscriptSegment; words: string | null }>): Array<typeof rows> {
  const parts: Array<typeof rows> = [];
  let size = Infinity;
  for (const entry of rows) {
    const bytes = entry.row.text.length + (entry.words?.length ?? 0);
    if (size + bytes > SAVE_PART_BYTES) {
      parts.push([]);
      size = 0;
    }
    parts[parts.length - 1].push(entry);
    size += bytes;
  }
  return parts;
}

/** Writes the edited segments' text, speaker and words, a part per statement, inside the save's transaction. */
async function writeSegments(tx: Tx, edited: TranscriptSegment[]): Promise<void> {
  for (const part of saveParts(edited.map((row) => ({ row, words: row.words === null ? null : JSON.stringify(row.words) })))) {
    const values = sql.join(
      part.map(({ row, words }) => sql`(${row.id}::text, ${row.text}::text, ${row.speaker}::text, ${words}::jsonb)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${transcriptSegments} set text = v.text, speaker = v.speaker, words = v.words
      from (values ${values}) as v(id, text, speaker, words)
      where ${transcriptSegments.id} = v.id`);
  }
}
