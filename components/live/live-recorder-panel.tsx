"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ApiTranscription } from "@/lib/api/contract/transcriptions";
import { formatTimestamp } from "@/lib/text/time-format";
import type { RecordingMode } from "./audio-input";
import { RecordingStatus, StartButtons } from "./recording-controls";
import { useLiveRecorder } from "./use-live-recorder";

interface LiveRecorderPanelProps {
  allowTabMic: boolean;
  language: string | null;
  onSaved: (t: ApiTranscription) => void;
  onDiscarded: (id: string) => void;
}

function recordingTitle(mode: RecordingMode): string {
  const stamp = new Date().toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return `${mode === "tab-mic" ? "Call recording" : "Recording"} ${stamp}`;
}

/**
 * Recording with live transcription: the words appear below the controls while the user
 * speaks (finished sentences with their times, and the words still being decided in grey),
 * then the recording becomes a transcription whose full-quality pass replaces them.
 */
export function LiveRecorderPanel({ allowTabMic, language, onSaved, onDiscarded }: LiveRecorderPanelProps) {
  const rec = useLiveRecorder(onSaved);
  const active = rec.state !== "idle";
  const begin = (mode: RecordingMode) => void rec.start(mode, recordingTitle(mode), language);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const discard = async () => {
    setConfirmingDiscard(false);
    const id = await rec.discard();
    if (id) onDiscarded(id);
  };
  const hasText = rec.text.utterances.length > 0 || rec.text.pending;
  return (
    <div className="flex flex-col gap-3">
      {rec.error && <Alert>{rec.error}</Alert>}
      {!active ? (
        <StartButtons allowTabMic={allowTabMic} onStart={begin} />
      ) : (
        <div className="flex flex-wrap items-center gap-3" data-testid="recording">
          <RecordingStatus recording={rec.state === "recording"} elapsedMs={rec.elapsedMs} level={rec.level} />
          {rec.state === "paused" ? (
            <Button variant="secondary" size="sm" onClick={rec.resume}>Resume</Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={rec.pause} disabled={rec.state !== "recording"}>Pause</Button>
          )}
          <Button variant="danger" size="sm" onClick={rec.stop} disabled={rec.state === "stopping" || rec.state === "starting"}>
            {rec.state === "stopping" ? "Saving…" : "Stop and transcribe"}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirmingDiscard(true)} disabled={rec.state === "stopping"}>Discard</Button>
          <ConfirmDialog
            open={confirmingDiscard}
            onOpenChange={setConfirmingDiscard}
            title="Discard this recording?"
            description="Its audio and text are removed for good."
            confirmLabel="Discard"
            onConfirm={() => void discard()}
          />
        </div>
      )}
      {rec.notice && <p className="text-sm text-muted-foreground" role="status">{rec.notice}</p>}
      {active && !rec.text.live && rec.text.notLiveReason && <p className="text-sm text-muted-foreground" role="status">{rec.text.notLiveReason}</p>}
      {rec.saved && (
        <p className="text-sm" role="status">
          Saved as <Link className="text-accent underline" href={`/transcription/${rec.saved.id}`}>{rec.saved.title}</Link>. The full-quality transcript
          replaces the live text when it is ready.
        </p>
      )}
      {(active || hasText) && rec.text.live && (
        <div className="max-h-72 overflow-y-auto rounded-lg border border-border p-3 text-sm" aria-live="polite" aria-label="Live transcript" data-testid="live-transcript">
          {!hasText && <p className="text-muted-foreground">{rec.state === "paused" ? "Paused." : "Listening… words appear here as you speak."}</p>}
          <ol className="flex flex-col gap-1">
            {rec.text.utterances.map((u) => (
              <li key={u.idx} className="flex gap-2" data-testid="live-utterance">
                <span className="shrink-0 font-mono text-xs text-muted-foreground">{formatTimestamp(u.start_ms)}</span>
                <span>{u.text}</span>
              </li>
            ))}
          </ol>
          {rec.text.pending && <p className="italic text-muted-foreground" data-testid="live-pending">{rec.text.pending}</p>}
        </div>
      )}
    </div>
  );
}
