"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { ApiResult } from "@/lib/api/client";
import { detailOr } from "@/lib/api/client";
import type { TranscriptSpeakers } from "@/lib/api/contract/speakers";

export const BASIC_DETECTOR_HINT = "Speakers were told apart by a basic detector, which can mix up similar voices: check the labels.";

interface SpeakerNoticesProps {
  speakers: TranscriptSpeakers | null;
  /** the speaker names the editor's segments carry now (they may be ahead of the server's) */
  names: readonly string[];
  editable: boolean;
  /** renames a speaker everywhere, as the Speakers dialog does */
  onAccept(from: string, to: string): void;
  onDismiss(speaker: number): Promise<ApiResult<unknown>>;
}

/**
 * Above the transcript: why it has no speakers, how far to trust them, and the voice profiles
 * its speakers sound like ("Speaker 2 sounds like Maya."), to accept or turn down. A
 * suggestion goes as soon as the editor's names show it answered (the rename is saved after).
 */
export function SpeakerNotices({ speakers, names, editable, onAccept, onDismiss }: SpeakerNoticesProps) {
  const [turnedDown, setTurnedDown] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState("");
  if (!speakers) return null;
  const suggested = editable
    ? speakers.speakers.filter(
        (s) => s.suggestion && !turnedDown.has(s.speaker) && names.includes(s.name) && !names.includes(s.suggestion.name),
      )
    : [];

  const dismiss = async (speaker: number) => {
    setTurnedDown((set) => new Set(set).add(speaker));
    setError("");
    const result = await onDismiss(speaker);
    if (result.ok) return;
    setTurnedDown((set) => new Set([...set].filter((s) => s !== speaker)));
    setError(detailOr(result, "The suggestion could not be turned down. Try again."));
  };

  if (!speakers.note && speakers.diarizer !== "basic" && !suggested.length && !error) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="speaker-notices">
      {speakers.note && <p className="text-sm text-muted-foreground">{speakers.note}</p>}
      {speakers.diarizer === "basic" && <p className="text-sm text-muted-foreground">{BASIC_DETECTOR_HINT}</p>}
      {suggested.map(({ speaker, name, suggestion }) => (
        <div key={speaker} role="status" className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-muted px-3 py-2 text-sm">
          <span className="min-w-0 flex-1 break-words">
            {name} sounds like {suggestion!.name}.
          </span>
          <Button type="button" size="sm" variant="secondary" onClick={() => onAccept(name, suggestion!.name)}>
            Yes, it&apos;s {suggestion!.name}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => void dismiss(speaker)} aria-label={`No, ${name} is not ${suggestion!.name}`}>
            No
          </Button>
        </div>
      ))}
      {error && <p role="alert" className="text-sm text-danger">{error}</p>}
    </div>
  );
}
