"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { formatTimestamp } from "@/lib/text/time-format";
import type { SegmentConflict } from "@/lib/api/contract/transcription";

export type ConflictChoice = { conflict: SegmentConflict } & ({ keep: "mine" } | { keep: "theirs" } | { keep: "merged"; text: string });

interface SegmentConflictDialogProps {
  conflicts: SegmentConflict[];
  /** this page's text of a segment, by id */
  mineOf(id: string): { text: string; start_ms: number; speaker: string | null } | undefined;
  onResolve(choices: ConflictChoice[]): void;
}

/**
 * Someone saved a segment the user was editing: both texts (and speakers) side by side, with
 * the other person's name, and the user keeps theirs, takes the other's, or writes a merge
 * (started from both). After the other's split or merge of it, the user's whole text would
 * repeat words now in another segment, so "Keep mine" is not offered and the merge starts from
 * the user's text. One segment at a time; saving goes on once every one is chosen.
 */
export function SegmentConflictDialog({ conflicts, mineOf, onResolve }: SegmentConflictDialogProps) {
  const [chosen, setChosen] = useState<ConflictChoice[]>([]);
  const [merge, setMerge] = useState<string | null>(null);
  const mergeId = useId();
  const conflict = conflicts[chosen.length];
  if (!conflict) return null;
  const mine = mineOf(conflict.id);
  const who = conflict.by_you ? "your other tab or window" : (conflict.changed_by ?? "someone else");
  const theirsLabel = conflict.by_you ? "Text from your other tab" : conflict.changed_by ? `${conflict.changed_by}’s text` : "Their text";
  const other = conflict.by_you ? "Your other tab or window" : (conflict.changed_by ?? "Someone else");
  const what = conflict.restructured
    ? `${other} split or merged this segment while you were editing it, so your whole text no longer fits it. Take the new text, or edit a merge from yours`
    : `${conflict.by_you ? "This segment was saved in another tab or window while you were editing it here" : `${other} saved this segment while you were editing it`}. Choose which text to keep`;
  const choose = (choice: ConflictChoice) => {
    const all = [...chosen, choice];
    setMerge(null);
    if (all.length < conflicts.length) return setChosen(all);
    setChosen([]);
    onResolve(all);
  };
  return (
    <Modal
      open
      onOpenChange={() => undefined}
      width="max-w-2xl"
      title={`The segment at ${formatTimestamp(mine?.start_ms ?? 0)} was changed by ${who}`}
      description={`${what}${conflicts.length > 1 ? ` (${chosen.length + 1} of ${conflicts.length})` : ""}.`}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <section aria-label="Your text">
          <h3 className="text-sm font-medium">Your text</h3>
          <SpeakerLine speaker={mine?.speaker ?? null} />
          <p className="mt-1 whitespace-pre-wrap rounded-md bg-muted p-2 text-sm" data-testid="conflict-mine">{mine?.text ?? ""}</p>
        </section>
        <section aria-label={theirsLabel}>
          <h3 className="text-sm font-medium">{theirsLabel}</h3>
          <SpeakerLine speaker={conflict.speaker} />
          <p className="mt-1 whitespace-pre-wrap rounded-md bg-muted p-2 text-sm" data-testid="conflict-theirs">{conflict.text}</p>
        </section>
      </div>
      {merge !== null && (
        <div className="mt-3">
          <label htmlFor={mergeId} className="text-sm font-medium">Merged text</label>
          <textarea id={mergeId} className="mt-1 w-full rounded-md border border-border bg-background p-2 text-sm" rows={4} value={merge} onChange={(e) => setMerge(e.target.value)} />
        </div>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {merge === null ? (
          <Button type="button" variant="ghost" onClick={() => setMerge(conflict.restructured ? (mine?.text ?? "") : `${mine?.text ?? ""} ${conflict.text}`.trim())}>Edit a merge</Button>
        ) : (
          <Button type="button" variant="secondary" disabled={!merge.trim()} onClick={() => choose({ conflict, keep: "merged", text: merge })}>Save the merge</Button>
        )}
        <Button type="button" variant="secondary" onClick={() => choose({ conflict, keep: "theirs" })}>{conflict.by_you ? "Take the other tab’s" : conflict.changed_by ? `Take ${conflict.changed_by}’s` : "Take theirs"}</Button>
        {!conflict.restructured && <Button type="button" onClick={() => choose({ conflict, keep: "mine" })}>Keep mine</Button>}
      </div>
    </Modal>
  );
}

function SpeakerLine({ speaker }: { speaker: string | null }) {
  return speaker ? <p className="text-xs text-muted-foreground">Speaker: {speaker}</p> : null;
}
