"use client";

import { useEffect } from "react";
import { getTranscription } from "@/lib/api/endpoints/transcription";
import { useApi } from "@/lib/api/use-api";
import { PlayFromButton } from "@/components/editor/play-from-button";

interface PartialTranscriptProps {
  id: string;
  piecesDone: number;
  piecesTotal: number;
  onSeek: (ms: number) => void;
}

/**
 * The parts of a long recording transcribed so far, to read and listen to while the rest
 * runs. Not editable yet: the whole transcript replaces them when it is complete.
 */
export function PartialTranscript({ id, piecesDone, piecesTotal, onSeek }: PartialTranscriptProps) {
  const { data, mutate } = useApi(getTranscription, piecesDone > 0 ? { params: { id } } : null, { revalidateOnFocus: false });
  useEffect(() => {
    if (piecesDone > 0) void mutate();
  }, [piecesDone, mutate]);
  const segments = data?.segments ?? [];
  if (piecesDone === 0 || segments.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby="partial-heading" data-testid="partial-transcript">
      <h2 id="partial-heading" className="text-sm font-medium text-muted-foreground">
        Transcribed so far: {piecesDone} of {piecesTotal} parts. You can edit the transcript when it is complete.
      </h2>
      <ol className="mt-3 space-y-3">
        {segments.map((s) => (
          <li key={`${s.start_ms}-${s.end_ms}`} className="flex gap-3">
            <PlayFromButton ms={s.start_ms} onSeek={onSeek} className="shrink-0 font-mono text-xs text-accent hover:underline" />
            <p className="leading-relaxed">{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
