"use client";

import { useCallback } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { RecordingMode } from "./audio-input";
import { RecordingButtons, RecordingStatus, StartButtons, StopButton } from "./recording-controls";
import { useRecorder } from "./use-recorder";

export function RecorderPanel({ allowTabMic, onRecorded }: { allowTabMic: boolean; onRecorded: (blob: Blob, mode: RecordingMode) => void }) {
  const done = useCallback((blob: Blob, mode: RecordingMode) => onRecorded(blob, mode), [onRecorded]);
  const rec = useRecorder(done);
  const active = rec.state !== "idle";
  return (
    <div className="flex flex-col gap-3">
      {rec.error && <Alert>{rec.error}</Alert>}
      {!active ? (
        <StartButtons allowTabMic={allowTabMic} onStart={(mode) => void rec.start(mode)} />
      ) : (
        <div className="flex flex-wrap items-center gap-3" data-testid="recording">
          <RecordingStatus recording={rec.state === "recording"} elapsedMs={rec.elapsedMs} level={rec.level} />
          <RecordingButtons>
            {rec.state === "recording" ? (
              <Button variant="secondary" size="sm" onClick={rec.pause}>Pause</Button>
            ) : (
              <Button variant="secondary" size="sm" onClick={rec.resume}>Resume</Button>
            )}
            <StopButton onClick={rec.stop} />
          </RecordingButtons>
        </div>
      )}
    </div>
  );
}
