"use client";

import type { EditableSegment } from "@/lib/api/contract/transcription";
import { ConflictDialog } from "./conflict-dialog";
import { SegmentConflictDialog, type ConflictChoice } from "./segment-conflict-dialog";
import type { useSegmentSaver } from "./use-segment-saver";

/** What a refused save shows: the choice between two texts of a segment, or (a change a save cannot follow) the reload. */
export function SaveConflicts({ saver, segments, onResolve }: { saver: ReturnType<typeof useSegmentSaver>; segments: EditableSegment[]; onResolve(choices: ConflictChoice[]): void }) {
  if (saver.conflicts.length > 0) return <SegmentConflictDialog conflicts={saver.conflicts} mineOf={(id) => segments.find((s) => s.id === id)} onResolve={onResolve} />;
  return <ConflictDialog open={saver.state === "conflict"} message={saver.error} unsaved={saver.unsaved} lost={saver.lost} segments={segments} />;
}
