"use client";

import { Button } from "@/components/ui/button";
import { formatTimestamp } from "@/lib/text/time-format";
import type { RecordingMode } from "./audio-input";

/** The two ways to start recording; tab + microphone only where the plan has it. */
export function StartButtons({ allowTabMic, onStart }: { allowTabMic: boolean; onStart: (mode: RecordingMode) => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => onStart("mic")}>Record microphone</Button>
      <Button variant="secondary" disabled={!allowTabMic} onClick={() => onStart("tab-mic")} title={allowTabMic ? undefined : "Available on Pro and Premium"}>
        Record tab + microphone
      </Button>
      {!allowTabMic && <span className="self-center text-xs text-muted-foreground">Tab + microphone is on Pro and Premium.</span>}
    </div>
  );
}

/** The red dot and time recorded, and the input level. */
export function RecordingStatus({ recording, elapsedMs, level }: { recording: boolean; elapsedMs: number; level: number }) {
  return (
    <>
      <span className="flex items-center gap-2 font-mono text-lg" aria-label="Recorded time">
        <span className={`h-3 w-3 rounded-full ${recording ? "animate-pulse bg-danger" : "bg-muted-foreground"}`} aria-hidden />
        {formatTimestamp(elapsedMs)}
      </span>
      <div className="h-2 w-32 overflow-hidden rounded-full bg-muted" role="meter" aria-label="Input level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(level * 100)}>
        <div className="h-full bg-primary transition-[width] duration-75" style={{ width: `${Math.min(100, level * 140)}%` }} />
      </div>
    </>
  );
}
