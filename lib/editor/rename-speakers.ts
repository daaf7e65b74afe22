import { and, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { RenamedSpeakers, SpeakerRenames } from "@/lib/api/contract/speakers";
import type { Database } from "@/lib/db/client";
import { transcriptSegments, transcriptSpeakers } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { versioned } from "./segment-edits";
import { renameProblems, type SpeakerRename } from "./speakers";

/** `column`'s new value: the rename's `to` where it holds a rename's `from` (all at once, so names can swap). */
function renamed(column: AnyPgColumn, renames: readonly SpeakerRename[]): SQL {
  const cases = sql.join(renames.map((r) => sql`when ${r.from}::text then ${r.to}::text`), sql` `);
  return sql`case ${column} ${cases} else ${column} end`;
}

/**
 * Renames several of a transcript's speakers in one transaction, if nobody saved since
 * `base_version` (the same version check as segment edits, so the editor's next save is based
 * on the version answered). The renames are checked against the speakers the segments carry
 * (renameProblems); a detected speaker's name follows its segments, as with a rename made by
 * segment edits (lib/speakers/speaker-names.ts), but here the renames are known whole, so a
 * swap or a chain of names renames each detected speaker right.
 */
export async function renameTranscriptSpeakers(database: Database, userId: string, transcriptionId: string, body: SpeakerRenames): Promise<RenamedSpeakers> {
  let changed: { position: number; speaker: string | null }[] = [];
  const { version } = await versioned(database, userId, transcriptionId, body.base_version, async (tx, version) => {
    const ofTranscript = eq(transcriptSegments.transcriptionId, transcriptionId);
    const names = (await tx.selectDistinct({ speaker: transcriptSegments.speaker }).from(transcriptSegments).where(and(ofTranscript, isNotNull(transcriptSegments.speaker))))
      .flatMap((r) => (r.speaker === null ? [] : [r.speaker]));
    // Thrown inside the transaction: the version stays as it was.
    const problem = renameProblems(names, body.renames).find((p) => p !== null);
    if (problem) throw new DomainError("unprocessable", problem);
    const renames = body.renames.filter((r) => r.to !== r.from);
    if (!renames.length) return [];
    const froms = renames.map((r) => r.from);
    changed = await tx
      .update(transcriptSegments)
      .set({ speaker: renamed(transcriptSegments.speaker, renames), changedVersion: version, changedBy: userId })
      .where(and(ofTranscript, inArray(transcriptSegments.speaker, froms)))
      .returning({ position: transcriptSegments.position, speaker: transcriptSegments.speaker });

    // A detected speaker given the name of another detected speaker that keeps it is merged
    // into that one, not renamed (as with segment edits): its row keeps its own name.
    const ofDetected = eq(transcriptSpeakers.transcriptionId, transcriptionId);
    const kept = new Set((await tx.select({ name: transcriptSpeakers.name }).from(transcriptSpeakers).where(ofDetected)).map((r) => r.name).filter((n) => !froms.includes(n)));
    const follow = renames.filter((r) => !kept.has(r.to));
    if (follow.length) {
      await tx
        .update(transcriptSpeakers)
        .set({ name: renamed(transcriptSpeakers.name, follow) })
        .where(and(ofDetected, inArray(transcriptSpeakers.name, follow.map((r) => r.from))));
    }
    return [];
  });
  const segments = changed.flatMap((s) => (s.speaker === null ? [] : [{ position: s.position, speaker: s.speaker }]));
  return { version, segments: segments.sort((a, b) => a.position - b.position) };
}
