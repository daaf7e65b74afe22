"use client";

import { useCallback } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatTimestamp } from "@/lib/transcription/format";
import { useRecorder, type RecordingMode } from "./use-recorder";

export function RecorderPanel({ allowTabMic, onRecorded }: { allowTabMic: boolean; onRecorded: (blob: Blob, mode: RecordingMode) => void }) {
  const done = useCallback((blob: Blob, mode: RecordingMode) => onRecorded(blob, mode), [onRecorded]);
  const rec = useRecorder(done);
  const active = rec.state !== "idle";
  return (
    <div className="flex flex-col gap-3">
      {rec.error && <Alert>{rec.error}</Alert>}
      {!active ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void rec.start("mic")}>Record microphone</Button>
          <Button variant="secondary" disabled={!allowTabMic} onClick={() => void rec.start("tab-mic")} title={allowTabMic ? undefined : "Available on Pro and Premium"}>
            Record tab + microphone
          </Button>
          {!allowTabMic && <span className="self-center text-xs text-muted-foreground">Tab + microphone is on Pro and Premium.</span>}
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3" data-testid="recording">
          <span className="flex items-center gap-2 font-mono text-lg" aria-live="polite">
            <span className={`h-3 w-3 rounded-full ${rec.state === "recording" ? "animate-pulse bg-danger" : "bg-muted-foreground"}`} aria-hidden />
            {formatTimestamp(rec.elapsedMs)}
          </span>
          <div className="h-2 w-32 overflow-hidden rounded-full bg-muted" role="meter" aria-label="Input level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(rec.level * 100)}>
            <div className="h-full bg-primary transition-[width] duration-75" style={{ width: `${Math.min(100, rec.level * 140)}%` }} />
          </div>
          {rec.state === "recording" ? (
            <Button variant="secondary" size="sm" onClick={rec.pause}>Pause</Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={rec.resume}>Resume</Button>
          )}
          <Button variant="danger" size="sm" onClick={rec.stop}>Stop and transcribe</Button>
        </div>
      )}
    </div>
  );
}
