"use client";

import type { ReactNode } from "react";
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

/** A recording's buttons: they move to the next line together, never one of them alone. */
export function RecordingButtons({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-2">{children}</div>;
}

/** "Stop and transcribe", shortened to "Stop" on a phone so the buttons fit one line (the full name stays its label). */
export function StopButton({ onClick, disabled = false, saving = false }: { onClick: () => void; disabled?: boolean; saving?: boolean }) {
  return (
    <Button variant="danger" size="sm" onClick={onClick} disabled={disabled} aria-label={saving ? undefined : "Stop and transcribe"}>
      {saving ? (
        "Saving…"
      ) : (
        <>
          Stop<span className="hidden sm:inline"> and transcribe</span>
        </>
      )}
    </Button>
  );
}
