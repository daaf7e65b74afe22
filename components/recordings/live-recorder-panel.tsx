"use client";

import { useCallback, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import type { RecordingMode, UploadRecording } from "./audio-input";
import { KeptRecordings } from "./kept-recordings";
import { LiveSavedStatus } from "./live-saved-status";
import { LiveTranscriptBox } from "./live-transcript-box";
import { RecordingButtons, RecordingStatus, StartButtons, StopButton } from "./recording-controls";
import { useLiveRecorder } from "./use-live-recorder";
import { OFFLINE_RECORDING } from "@/lib/recordings/recording-texts";
import { keepThisPageOffline } from "@/lib/offline/app-shell";

interface LiveRecorderPanelProps {
  userId: string;
  /** the workspace the dashboard shows; null: the personal space */
  spaceId: string | null;
  allowTabMic: boolean;
  language: string | null;
  vocabulary: readonly string[];
  onSaved: (t: ApiTranscription) => void;
  onDiscarded: (id: string) => void;
  /** a recording made with no network, to upload as a file once it is back */
  onRecorded: UploadRecording;
}

function recordingTitle(mode: RecordingMode): string {
  const stamp = new Date().toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return `${mode === "tab-mic" ? "Call recording" : "Recording"} ${stamp}`;
}

/**
 * Recording with live transcription: the words appear below the controls while the user
 * speaks (finished sentences with their times, and the words still being decided in grey),
 * then the recording becomes a transcription; the live text stays until its full-quality
 * pass is done.
 */
export function LiveRecorderPanel({ userId, spaceId, allowTabMic, language, vocabulary, onSaved, onDiscarded, onRecorded }: LiveRecorderPanelProps) {
  // A recording left on this device (stopped offline) is looked at again; one interrupted waits for Finish or Discard before another starts.
  const [keptVersion, setKeptVersion] = useState(0);
  const [waiting, setWaiting] = useState(false);
  // The page with this panel opens with no network too, so a recording can start offline (public/sw.js).
  useEffect(() => void keepThisPageOffline().catch(() => undefined), []);
  const rec = useLiveRecorder(userId, spaceId, onSaved, useCallback(() => setKeptVersion((v) => v + 1), []));
  const active = rec.state !== "idle";
  const begin = (mode: RecordingMode) => void rec.start(mode, recordingTitle(mode), language, vocabulary);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const discard = async () => {
    setConfirmingDiscard(false);
    const id = await rec.discard();
    if (id) onDiscarded(id);
  };
  const hasText = rec.text.utterances.length > 0 || rec.text.pending !== "";
  // Once the full-quality transcript is made, the list below has it: the live text goes.
  const replaced = rec.text.ended && rec.text.endStatus !== "failed" && !rec.text.liveKept;
  const showText = (active || hasText) && rec.text.live && !replaced;
  return (
    <div className="flex flex-col gap-3">
      {rec.error && <Alert>{rec.error}</Alert>}
      <KeptRecordings userId={userId} spaceId={spaceId} version={keptVersion} onSaved={onSaved} onDiscarded={onDiscarded} onRecorded={onRecorded} onWaiting={setWaiting} />
      {!active ? (
        !waiting && <StartButtons allowTabMic={allowTabMic} onStart={begin} />
      ) : (
        <div className="flex flex-wrap items-center gap-3" data-testid="recording">
          <RecordingStatus recording={rec.state === "recording"} elapsedMs={rec.elapsedMs} level={rec.level} />
          <RecordingButtons>
            {rec.state === "paused" ? (
              <Button variant="secondary" size="sm" onClick={rec.resume}>Resume</Button>
            ) : (
              <Button variant="secondary" size="sm" onClick={rec.pause} disabled={rec.state !== "recording"}>Pause</Button>
            )}
            <StopButton onClick={rec.stop} disabled={rec.state === "stopping" || rec.state === "starting"} saving={rec.state === "stopping"} />
            <Button variant="ghost" size="sm" onClick={() => setConfirmingDiscard(true)} disabled={rec.state === "stopping"}>Discard</Button>
          </RecordingButtons>
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
      {active && rec.offline && <p className="text-sm font-medium text-amber-700 dark:text-amber-400" role="status">{OFFLINE_RECORDING}</p>}
      {rec.notice && <p className="text-sm text-muted-foreground" role="status">{rec.notice}</p>}
      {active && !rec.text.live && rec.text.notLiveReason && <p className="text-sm text-muted-foreground" role="status">{rec.text.notLiveReason}</p>}
      {rec.saved && <LiveSavedStatus saved={rec.saved} ended={rec.text.ended} failed={rec.text.endStatus === "failed" || rec.text.liveKept} hasText={hasText} />}
      {showText && (
        <LiveTranscriptBox
          utterances={rec.text.utterances}
          pending={rec.text.pending}
          placeholder={rec.state === "paused" ? "Paused." : "Listening… words appear here as you speak."}
        />
      )}
    </div>
  );
}
