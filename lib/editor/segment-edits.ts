import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db/client";
import { transcriptSegments, transcriptions, type TranscriptSegment } from "@/lib/db/schema";
import { realignWords } from "./word-alignment";

const MAX_SEGMENT_CHARS = 5000;

export const SegmentEdits = z.object({
  base_version: z.number({ error: "Send the version you edited (base_version)." }).int().min(0),
  changes: z
    .array(
      z.object({
        position: z.number().int().min(0),
        text: z.string().max(MAX_SEGMENT_CHARS, `A segment may hold at most ${MAX_SEGMENT_CHARS} characters.`).optional(),
        speaker: z.string().trim().max(60, "Use at most 60 characters for a speaker name.").nullable().optional(),
      }),
    )
    .min(1, "Send at least one change.")
    .max(10_000),
});
export type SegmentEdits = z.infer<typeof SegmentEdits>;

export const STALE_EDIT_MESSAGE =
  "This transcript was changed in another tab or window since you opened it. Reload to get the latest version.";
const UNFINISHED_EDIT_MESSAGE = "This transcription is not finished yet, so it cannot be edited.";

export type EditOutcome =
  | { ok: true; version: number; segments: TranscriptSegment[] }
  | { ok: false; status: 404 | 409 | 422; detail: string; currentVersion?: number };

class RejectedEdit extends Error {
  constructor(readonly outcome: EditOutcome & { ok: false }) {
    super(outcome.detail);
  }
}

/** A segment is one line of text: newlines and runs of spaces from the editor collapse. */
function cleanText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Applies edits only if nobody saved since `base_version` (compare-and-set on the version
 * column, in one transaction with the segment updates), so two tabs never overwrite each
 * other silently: the second gets a 409 and nothing is written.
 */
export async function applySegmentEdits(
  database: Database,
  userId: string,
  transcriptionId: string,
  edits: SegmentEdits,
): Promise<EditOutcome> {
  try {
    return await database.transaction(async (tx) => {
      const [bumped] = await tx
        .update(transcriptions)
        .set({ version: sql`${transcriptions.version} + 1` })
        .where(
          and(
            eq(transcriptions.id, transcriptionId),
            eq(transcriptions.userId, userId),
            eq(transcriptions.status, "done"),
            eq(transcriptions.version, edits.base_version),
          ),
        )
        .returning({ version: transcriptions.version });
      if (!bumped) throw new RejectedEdit(await whyRefused(tx, userId, transcriptionId));
      const segments = await updateSegments(tx, transcriptionId, edits.changes);
      await tx
        .update(transcriptions)
        .set({
          transcriptText: sql`(select coalesce(string_agg(${transcriptSegments.text}, ' ' order by ${transcriptSegments.position}), '') from ${transcriptSegments} where ${transcriptSegments.transcriptionId} = ${transcriptionId})`,
        })
        .where(eq(transcriptions.id, transcriptionId));
      return { ok: true as const, version: bumped.version, segments };
    });
  } catch (error) {
    if (error instanceof RejectedEdit) return error.outcome;
    throw error;
  }
}

async function whyRefused(tx: Database, userId: string, transcriptionId: string): Promise<EditOutcome & { ok: false }> {
  const [row] = await tx
    .select({ status: transcriptions.status, version: transcriptions.version })
    .from(transcriptions)
    .where(and(eq(transcriptions.id, transcriptionId), eq(transcriptions.userId, userId)));
  if (!row) return { ok: false, status: 404, detail: "This transcription does not exist." };
  if (row.status !== "done") return { ok: false, status: 409, detail: UNFINISHED_EDIT_MESSAGE };
  return { ok: false, status: 409, detail: STALE_EDIT_MESSAGE, currentVersion: row.version };
}

async function updateSegments(
  tx: Database,
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
    if (!row) throw new RejectedEdit({ ok: false, status: 422, detail: `There is no segment ${change.position} in this transcript.` });
    const text = change.text === undefined ? row.text : cleanText(change.text);
    const speaker = change.speaker === undefined ? row.speaker : change.speaker || null;
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
