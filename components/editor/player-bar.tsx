"use client";

import { PLAYBACK_RATES, rateLabel } from "@/lib/editor/playback";
import type { usePlayback } from "./use-playback";

interface PlayerBarProps {
  src: string;
  playback: ReturnType<typeof usePlayback>;
}

/**
 * The audio player and its speed, stuck under the top bar (h-14) while a long transcript
 * scrolls. Its background is opaque so text never shows through it, and segments keep a
 * scroll margin the height of both bars, so following the audio never scrolls a line under it.
 */
export function PlayerBar({ src, playback }: PlayerBarProps) {
  return (
    <div className="sticky top-14 z-10 -mx-1 flex items-center gap-2 bg-background px-1 py-1" data-testid="player">
      <audio {...playback.audioProps} controls preload="auto" src={src} className="min-w-0 flex-1" data-testid="audio" />
      <select
        aria-label="Playback speed"
        value={playback.rate}
        onChange={(e) => playback.setRate(Number(e.target.value))}
        className="h-9 shrink-0 rounded-t-md border-0 border-b-2 border-border bg-input px-2 text-sm"
      >
        {PLAYBACK_RATES.map((r) => (
          <option key={r} value={r}>{rateLabel(r)}</option>
        ))}
      </select>
    </div>
  );
}
