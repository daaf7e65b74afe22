"use client";

import Link from "next/link";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import type { UploadRecording } from "./audio-input";
import { LiveRecorderPanel } from "./live-recorder-panel";
import { RecorderPanel } from "./recorder-panel";

interface RecordChoiceProps {
  userId: string;
  /** the workspace the dashboard shows; null: the personal space */
  spaceId: string | null;
  /** the plan shows words while recording */
  live: boolean;
  allowTabMic: boolean;
  language: string | null;
  /** terms for the recording alone, besides its space's vocabulary */
  vocabulary: readonly string[];
  /** a live recording's transcription, as saved */
  onSaved: (t: ApiTranscription) => void;
  onDiscarded: (id: string) => void;
  /** a recording made without live words, to upload as a file */
  onRecorded: UploadRecording;
}

/** The dashboard's "Or record in your browser": live words on plans with them, else a recording uploaded when it stops. */
export function RecordChoice({ userId, spaceId, live, allowTabMic, language, vocabulary, onSaved, onDiscarded, onRecorded }: RecordChoiceProps) {
  return (
    <div className="flex flex-col justify-center gap-2">
      <p className="text-sm text-muted-foreground">Or record in your browser:</p>
      {live ? (
        <LiveRecorderPanel userId={userId} spaceId={spaceId} allowTabMic={allowTabMic} language={language} vocabulary={vocabulary} onSaved={onSaved} onDiscarded={onDiscarded} onRecorded={onRecorded} />
      ) : (
        <>
          <RecorderPanel allowTabMic={allowTabMic} onRecorded={onRecorded} />
          <p className="text-xs text-muted-foreground" data-testid="live-upgrade-hint">
            Your plan transcribes recordings when they stop. Plans with live transcription show the words as you speak.{" "}
            <Link href="/account#plan" className="text-accent underline">
              See plans
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
