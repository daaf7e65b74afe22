import { randomUUID } from "node:crypto";
import { and, count, eq, gt, lte, max, sql } from "drizzle-orm";
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
import { CHANGED_MESSAGE, requireUnchangedSince, STALE_EDIT_MESSAGE, targetedSegments, type TranscriptAt } from "./segment-conflicts";


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
 * Applies text and speaker edits. Each change names the segment it read (its id and version,
 * or its position under `base_version`); the save is refused only if one of those segments
 * changed since (segment-conflicts), so teammates editing other segments never collide. A
 * change that leaves its segment as it is saves nothing, and a save of only such changes
 * keeps the version. The new texts' word timings are worked out before the transaction, in a
 * worker thread: an alignment is quadratic in the words, and an open transaction would hold
 * the embedded database meanwhile.
 */
export async function applySegmentEdits(
  database: Database,
  userId: string,
  transcriptionId: string,
  edits: SegmentEdits,
): Promise<SavedEdits> {
  // A refused or conflicting save is answered before any work is done for it.
  const now = await transcriptAt(database, userId, transcriptionId);
  // A version this transcript has not reached was not read from it.
  if (edits.base_version > now.version) throw new DomainError("conflict", CHANGED_MESSAGE, { current_version: now.version });
  const changes = lastChangePerSegment(edits.changes);
  const before = await targetedSegments(database, transcriptionId, changes, edits.base_version, now);
  await requireUnchangedSince(database, userId, changes, before, edits.base_version, now.version);
  const differ = before.flatMap((row, i) => (differs(row, changes[i]) ? [{ row, change: changes[i] }] : []));
  if (!differ.length) return { version: now.version, segments: [] };
  const after = await editedSegments(userId, differ);
  const targets = differ.map(({ row, change }) => ({ ...change, id: row.id }));
  const saved = await versioned(database, userId, transcriptionId, null, async (tx, version) => {
    // Under the transcription's row lock now: what was read above is checked again.
    const rows = await targetedSegments(tx, transcriptionId, targets, edits.base_version, { version: version - 1, structureVersion: 0 });
    await requireUnchangedSince(tx, userId, differ.map(({ change }) => change), rows, edits.base_version, version - 1);
    if (rows.some((r, i) => r.text !== differ[i].row.text)) throw new DomainError("conflict", CHANGED_MESSAGE, { current_version: version - 1 });
    const written = after.map((r) => ({ ...r, changedVersion: version, changedBy: userId }));
    await writeSegments(tx, written);
    await followSpeakerRenames(tx, transcriptionId, written.map((r, i) => ({ from: differ[i].row.speaker, to: r.speaker })));
    const [whole] = await tx
      .select({ chars: sql<number>`coalesce(sum(length(${transcriptSegments.text})) + count(*) - 1, 0)` })
      .from(transcriptSegments)
      .where(eq(transcriptSegments.transcriptionId, transcriptionId));
    // Thrown inside the transaction: nothing of this save is kept.
    if (Number(whole.chars) > MAX_TRANSCRIPT_CHARS) throw new DomainError("unprocessable", TRANSCRIPT_TOO_LONG_MESSAGE);
    return written;
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

/** The transcription's versions, if the user may edit it now (and why not otherwise). */
async function transcriptAt(database: Database, userId: string, transcriptionId: string): Promise<TranscriptAt> {
  const [now] = await database
    .select({ status: transcriptions.status, version: transcriptions.version, structureVersion: transcriptions.structureVersion })
    .from(transcriptions)
    .where(editableRow(userId, transcriptionId));
  if (now?.status !== "done") throw await whyRefused(database, userId, transcriptionId);
  return now;
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
  // Without the segment's id the edit is based on positions: any save since is a conflict, as it always was.
  const wholeCheck = edit.id === undefined ? edit.base_version : null;
  return versioned(database, userId, transcriptionId, wholeCheck, async (tx, version) => {
    const at = { version: version - 1, structureVersion: 0 };
    const target = { position: edit.position, id: edit.id, version: edit.version };
    const [row] = await targetedSegments(tx, transcriptionId, [target], edit.base_version, at);
    await requireUnchangedSince(tx, userId, [target], [row], edit.base_version, at.version);
    const stamp = { changedVersion: version, changedBy: userId };
    await tx.update(transcriptions).set({ structureVersion: version }).where(eq(transcriptions.id, transcriptionId));
    const segmentAt = (position: number) =>
      tx
        .select()
        .from(transcriptSegments)
        .where(and(eq(transcriptSegments.transcriptionId, transcriptionId), eq(transcriptSegments.position, position)))
        .then(([found]) => found);
    if (edit.action === "split") {
      const [first, second] = splitParts(row, edit.word);
      const [{ segments }] = await tx.select({ segments: count() }).from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, transcriptionId));
      if (segments >= MAX_SEGMENTS) throw new DomainError("unprocessable", TOO_MANY_SEGMENTS_MESSAGE);
      await shiftLater(tx, transcriptionId, row.position, 1);
      const [kept] = await tx.update(transcriptSegments).set({ ...first, ...stamp }).where(eq(transcriptSegments.id, row.id)).returning();
      const [made] = await tx.insert(transcriptSegments).values({ ...second, ...stamp, id: randomUUID(), transcriptionId, position: row.position + 1 }).returning();
      return [kept, made];
    }
    const next = await segmentAt(row.position + 1);
    if (!next) throw new DomainError("unprocessable", MERGE_LAST_MESSAGE);
    // The next segment the editor saw must still be the next one, unchanged since it read it.
    const nextRead = { position: row.position + 1, id: edit.next?.id ?? next.id, version: edit.next?.version };
    if (nextRead.id !== next.id || (nextRead.version ?? 0) > at.version) throw new DomainError("conflict", CHANGED_MESSAGE, { current_version: at.version });
    await requireUnchangedSince(tx, userId, [nextRead], [next], edit.base_version, at.version);
    const [merged] = await tx.update(transcriptSegments).set({ ...mergedParts(row, next), ...stamp }).where(eq(transcriptSegments.id, row.id)).returning();
    await tx.delete(transcriptSegments).where(eq(transcriptSegments.id, next.id));
    await shiftLater(tx, transcriptionId, row.position + 1, -1);
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
 * Runs `change` with the transcription's version bumped, in one transaction: the bump takes
 * the transcription's row lock, so saves to one transcript run one after another and each
 * sees what the one before wrote. With `baseVersion` (a change to the whole transcript, or a
 * client that names segments by position), nobody may have saved since; without it, `change`
 * checks the segments it touches. A DomainError thrown inside rolls everything back.
 */
export async function versioned(
  database: Database,
  userId: string,
  transcriptionId: string,
  baseVersion: number | null,
  change: (tx: Tx, version: number) => Promise<TranscriptSegment[]>,
): Promise<SavedEdits> {
  return database.transaction(async (tx) => {
    const sinceBase = baseVersion === null ? [] : [eq(transcriptions.version, baseVersion)];
    const [bumped] = await tx
      .update(transcriptions)
      .set({ version: sql`${transcriptions.version} + 1` })
      .where(and(editableRow(userId, transcriptionId), eq(transcriptions.status, "done"), ...sinceBase))
      .returning({ version: transcriptions.version });
    if (!bumped) throw await whyRefused(tx, userId, transcriptionId);
    return { version: bumped.version, segments: await change(tx, bumped.version) };
  });
}

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

type Change = SegmentEdits["changes"][number];

/** One change per segment (named by id, or by position), carrying its last text and last speaker, in position order. */
function lastChangePerSegment(changes: SegmentEdits["changes"]): Change[] {
  const last = new Map<string, Change>();
  for (const change of [...changes].sort((a, b) => a.position - b.position)) {
    const key = change.id ?? `@${change.position}`;
    const earlier = last.get(key);
    last.set(key, {
      ...change,
      version: change.version ?? earlier?.version,
      text: change.text ?? earlier?.text,
      speaker: change.speaker === undefined ? earlier?.speaker : change.speaker,
      reviewed: change.reviewed ?? earlier?.reviewed,
    });
  }
  return [...last.values()];
}

const reviewedOf = (words: TranscriptSegment["words"]) => (words ?? []).flatMap((w, i) => (w.reviewed ? [i] : []));
function sameSet(a: readonly number[], b: readonly number[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}

/** Whether the change would make the segment other than it is (an opened and left segment does not). */
const differs = (row: TranscriptSegment, change: Change) =>
  (change.text !== undefined && cleanText(change.text) !== row.text) ||
  (change.speaker !== undefined && change.speaker !== row.speaker) ||
  (change.reviewed !== undefined && !sameSet(change.reviewed, reviewedOf(row.words)));

/** The words with the reviewed ones marked as the change says (places past the words name nothing). */
function markReviewed(words: TranscriptSegment["words"], reviewed: readonly number[] | undefined): TranscriptSegment["words"] {
  if (!words || reviewed === undefined) return words;
  const marked = new Set(reviewed);
  return words.map((w, i) => {
    const rest = { ...w };
    delete rest.reviewed;
    return marked.has(i) ? { ...rest, reviewed: true } : rest;
  });
}

/** The segments with their changes applied; new texts get word timings from the old ones. */
async function editedSegments(userId: string, differ: ReadonlyArray<{ row: TranscriptSegment; change: Change }>): Promise<TranscriptSegment[]> {
  // The reviewed places name the words as they were (the ones the editor counted), so they are
  // marked before a new text is aligned; alignment keeps the marks of the words it keeps.
  const edited = differ.map(({ row, change }) => ({
    ...row,
    text: change.text === undefined ? row.text : cleanText(change.text),
    speaker: change.speaker === undefined ? row.speaker : change.speaker,
    words: markReviewed(row.words, change.reviewed),
  }));
  // Without engine word timings there is nothing to keep; guessed ones would mislead the highlight.
  const realign = edited.filter((r, i) => r.text !== differ[i].row.text && differ[i].row.words);
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
      part.map(({ row, words }) => sql`(${row.id}::text, ${row.text}::text, ${row.speaker}::text, ${words}::jsonb, ${row.changedVersion}::integer, ${row.changedBy}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${transcriptSegments} set text = v.text, speaker = v.speaker, words = v.words, changed_version = v.changed_version, changed_by = v.changed_by
      from (values ${values}) as v(id, text, speaker, words, changed_version, changed_by)
      where ${transcriptSegments.id} = v.id`);
  }
}
