"use client";

import { PLAYBACK_RATES, parsePlaybackRate, rateLabel } from "@/lib/editor/playback";
import { formatTimestamp } from "@/lib/text/time-format";
import type { usePlayback } from "./use-playback";

interface PlayerBarProps {
  src: string;
  playback: ReturnType<typeof usePlayback>;
}

const icon = "h-5 w-5 fill-current";

/**
 * The player, stuck under the top bar (h-14) while a long transcript scrolls: play/pause, the
 * time, a seek bar and the speed. The browser's own controls are not used: their seek bar is a
 * few pixels tall on a phone and would sit squeezed beside the speed menu. Here it is a range
 * input 44 px tall (the visible track stays thin), on a row of its own below 640 px. The bar's
 * background is opaque so text never shows through it, and segments keep a scroll margin (in
 * segment-row) taller than both bars, so following the audio never scrolls a line under it.
 */
export function PlayerBar({ src, playback }: PlayerBarProps) {
  const { currentMs, durationMs, playing } = playback;
  const at = Math.min(currentMs, durationMs);
  return (
    <div className="sticky top-14 z-10 -mx-1 flex flex-wrap items-center gap-x-2 bg-background px-1 py-1" data-testid="player">
      <audio {...playback.audioProps} preload="auto" src={src} data-testid="audio" />
      <button
        type="button"
        onClick={playback.toggle}
        aria-label={playing ? "Pause" : "Play"}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {playing ? (
          <svg aria-hidden viewBox="0 0 24 24" className={icon}>
            <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
          </svg>
        ) : (
          <svg aria-hidden viewBox="0 0 24 24" className={icon}>
            <path d="M8 5.5v13a.5.5 0 0 0 .77.42l10-6.5a.5.5 0 0 0 0-.84l-10-6.5A.5.5 0 0 0 8 5.5z" />
          </svg>
        )}
      </button>
      <span className="shrink-0 text-sm tabular-nums text-muted-foreground" data-testid="player-time">
        {formatTimestamp(at)} / {formatTimestamp(durationMs)}
      </span>
      <input
        type="range"
        aria-label="Seek"
        aria-valuetext={`${formatTimestamp(at)} of ${formatTimestamp(durationMs)}`}
        min={0}
        max={durationMs}
        step={100}
        value={at}
        disabled={!durationMs}
        onChange={(e) => playback.seek(Number(e.target.value), playing)}
        className="order-last h-11 w-full min-w-0 basis-full cursor-pointer accent-primary disabled:cursor-default sm:order-none sm:w-auto sm:flex-1 sm:basis-0"
        data-testid="seek"
      />
      <select
        aria-label="Playback speed"
        value={playback.rate}
        onChange={(e) => playback.setRate(parsePlaybackRate(e.target.value))}
        className="ml-auto h-11 shrink-0 rounded-t-md border-0 border-b-2 border-border bg-input px-2 text-sm sm:ml-0"
      >
        {PLAYBACK_RATES.map((r) => (
          <option key={r} value={r}>{rateLabel(r)}</option>
        ))}
      </select>
    </div>
  );
}
