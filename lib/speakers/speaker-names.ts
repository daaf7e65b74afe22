import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { transcriptSegments, transcriptSpeakers } from "@/lib/db/schema";

export interface SpeakerChange {
  /** the segment's speaker before the save */
  from: string | null;
  /** and after it */
  to: string | null;
}

/**
 * Keeps a detected speaker's name (transcript_speakers.name) in step with its segments when
 * the user renames it. The editor renames by giving every segment of "Speaker 2" the new
 * name (one undo step, several saves when they are many), so a save counts as a rename of a
 * name when all its segments that had it now carry one same name, and no segment of the
 * transcript carries the old one any longer. Run in the save's transaction.
 */
export async function followSpeakerRenames(tx: Tx, transcriptionId: string, changes: readonly SpeakerChange[]): Promise<void> {
  // old name → the one name its changed segments now carry; null when several, or none
  const renamed = new Map<string, string | null>();
  for (const { from, to } of changes) {
    if (from === null || from === to) continue;
    const earlier = renamed.get(from);
    renamed.set(from, earlier === undefined || earlier === to ? to : null);
  }
  const names = [...renamed].flatMap(([from, to]) => (to === null ? [] : [from]));
  if (!names.length) return;
  // Most transcripts, and most saves, name no detected speaker: one small read, then done.
  const detected = await tx
    .selectDistinct({ name: transcriptSpeakers.name })
    .from(transcriptSpeakers)
    .where(and(eq(transcriptSpeakers.transcriptionId, transcriptionId), inArray(transcriptSpeakers.name, names)));
  // A detected speaker given another detected speaker's name is merged into it, not renamed:
  // that row keeps its own name, so an undo that gives the name back finds it again.
  const taken = new Set(
    (await tx.select({ name: transcriptSpeakers.name }).from(transcriptSpeakers).where(eq(transcriptSpeakers.transcriptionId, transcriptionId))).map((r) => r.name),
  );
  for (const { name } of detected) {
    if (taken.has(renamed.get(name)!)) continue;
    const [left] = await tx
      .select({ id: transcriptSegments.id })
      .from(transcriptSegments)
      .where(and(eq(transcriptSegments.transcriptionId, transcriptionId), eq(transcriptSegments.speaker, name)))
      .limit(1);
    if (left) continue;
    await tx
      .update(transcriptSpeakers)
      .set({ name: renamed.get(name)! })
      .where(and(eq(transcriptSpeakers.transcriptionId, transcriptionId), eq(transcriptSpeakers.name, name)));
  }
}
