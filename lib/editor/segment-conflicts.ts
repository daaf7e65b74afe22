import { and, eq, inArray } from "drizzle-orm";
import type { SegmentConflict } from "@/lib/api/contract/transcription";
import type { Database, Tx } from "@/lib/db/client";
import { transcriptions, transcriptSegments, users, type TranscriptSegment } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";

export const STALE_EDIT_MESSAGE =
  "This transcript was changed in another tab or window since you opened it. Reload to get the latest version.";
/** A change this page cannot follow, whoever made it (the transcript made again, a version it never had). */
export const CHANGED_MESSAGE = "This transcript changed since you opened it. Reload to get the latest version.";
const MOVED_MESSAGE = "Segments were split or merged since you read this transcript. Reload to get the latest version.";
const GONE_MESSAGE = "A segment you edited was merged into another since you read it. Reload to get the latest version.";

/** How a save names a segment: by id and the version it read, or (older clients, scripts) by position under `base_version`. */
export interface SegmentTarget {
  position: number;
  id?: string;
  version?: number;
}

/** What the transcription is at when a save is checked. */
export interface TranscriptAt {
  version: number;
  structureVersion: number;
}

/**
 * The segments the targets name, in the targets' order. A target without an id is found by
 * position, which a split or merge since `baseVersion` may have given to another segment:
 * that is a conflict. A target whose id is gone (merged away) is one too.
 */
export async function targetedSegments(
  tx: Database | Tx,
  transcriptionId: string,
  targets: readonly SegmentTarget[],
  baseVersion: number,
  at: TranscriptAt,
): Promise<TranscriptSegment[]> {
  // A version the transcript has not reached was not read from it (and would pass every check).
  if (targets.some((t) => t.version !== undefined && t.version > at.version)) throw new DomainError("conflict", CHANGED_MESSAGE, { current_version: at.version });
  const byPosition = targets.filter((t) => t.id === undefined);
  if (byPosition.length && at.structureVersion > baseVersion) throw new DomainError("conflict", MOVED_MESSAGE, { current_version: at.version });
  const ofTranscript = eq(transcriptSegments.transcriptionId, transcriptionId);
  const ids = targets.flatMap((t) => (t.id === undefined ? [] : [t.id]));
  const [found, placed] = await Promise.all([
    ids.length ? tx.select().from(transcriptSegments).where(and(ofTranscript, inArray(transcriptSegments.id, ids))) : [],
    byPosition.length ? tx.select().from(transcriptSegments).where(and(ofTranscript, inArray(transcriptSegments.position, byPosition.map((t) => t.position)))) : [],
  ]);
  return targets.map((t) => {
    const row = t.id === undefined ? placed.find((r) => r.position === t.position) : found.find((r) => r.id === t.id);
    if (row) return row;
    if (t.id !== undefined) throw new DomainError("conflict", GONE_MESSAGE, { current_version: at.version });
    throw new DomainError("unprocessable", `There is no segment ${t.position} in this transcript.`);
  });
}

/**
 * Refuses the save if any targeted segment changed after the version its editor read (its own
 * `version`, or the save's `base_version`). The 409 names who changed it and carries their
 * text, so the editor can offer to keep either or merge them; only when the user changed it
 * themselves (another tab) does it say "another tab or window".
 */
export async function requireUnchangedSince(
  tx: Database | Tx,
  userId: string,
  targets: readonly SegmentTarget[],
  rows: readonly TranscriptSegment[],
  baseVersion: number,
  currentVersion: number,
): Promise<void> {
  const changed = rows.filter((row, i) => row.changedVersion > (targets[i].version ?? baseVersion));
  if (!changed.length) return;
  const byIds = [...new Set(changed.flatMap((r) => (r.changedBy ? [r.changedBy] : [])))];
  const names = new Map(byIds.length ? (await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, byIds))).map((u) => [u.id, u.name]) : []);
  // A segment last changed by the transcript's latest split or merge holds a part (or a join) of what was read.
  const [at] = await tx.select({ structureVersion: transcriptions.structureVersion }).from(transcriptions).where(eq(transcriptions.id, changed[0].transcriptionId));
  const conflicts: SegmentConflict[] = changed.map((r) => ({
    id: r.id,
    position: r.position,
    version: r.changedVersion,
    text: r.text,
    speaker: r.speaker,
    changed_by: r.changedBy === null ? null : (names.get(r.changedBy) ?? null),
    by_you: r.changedBy === userId,
    restructured: r.changedVersion === at?.structureVersion,
  }));
  throw new DomainError("conflict", conflictMessage(conflicts), { current_version: currentVersion, conflicts });
}

function conflictMessage(conflicts: readonly SegmentConflict[]): string {
  if (conflicts.every((c) => c.by_you)) return STALE_EDIT_MESSAGE;
  const names = [...new Set(conflicts.filter((c) => !c.by_you).map((c) => c.changed_by ?? "Someone else"))];
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const what = conflicts.length === 1 ? "this segment" : "segments";
  return `${who} changed ${what} while you were editing. Choose which text to keep.`;
}
