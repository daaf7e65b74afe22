"use client";

import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { TitleEditor } from "@/components/editor/title-editor";
import { TranscriptEditor } from "@/components/editor/transcript-editor";
import { Alert } from "@/components/ui/alert";
import type { EditorCapabilities } from "@/lib/editor/capabilities";
import type { ApiStyle } from "@/lib/api/contract/transcription";
import { urlOf } from "@/lib/api/client";
import { transcriptionAudio } from "@/lib/api/endpoints/transcription";
import { formatDuration } from "@/lib/text/time-format";
import type { ApiFormatState, ApiTranscription, EditableSegment } from "@/lib/api/contract/transcription";
import { NotifyWhenDone, notifyEnded } from "./done-notification";
import { LiveDraft } from "@/components/recordings/live-draft";
import { PartialTranscript } from "./partial-transcript";
import { StatusBadge } from "./status-badge";
import { useLiveTranscriptions } from "./use-live-transcriptions";
import { engineLabel } from "@/lib/transcription/engines/labels";
import { languageName } from "@/lib/transcription/engines/language-names";

interface TranscriptViewProps {
  transcription: ApiTranscription;
  segments: EditableSegment[];
  format: ApiFormatState;
  capabilities: EditorCapabilities;
  styles: ApiStyle[];
  renderedAt: string;
  /** a search hit's words: the editor opens at their first match */
  initialFind?: string;
  /** the user may manage it (its owner, a workspace admin): the editor offers share links */
  canShare?: boolean;
  /** may rename it (the uploader, or a workspace's members and up; not a viewer) */
  canChange: boolean;
}

/** One transcription: live status until it is done, then the editor. */
export function TranscriptView({ transcription, segments, format, capabilities, styles, renderedAt, initialFind, canShare, canChange }: TranscriptViewProps) {
  const router = useRouter();
  const [t, setT] = useState(transcription);
  const audio = useRef<HTMLAudioElement>(null);
  // The stream repeats the final state on reconnect; the end is announced once.
  const notified = useRef(false);
  const seek = useCallback((ms: number) => {
    const player = audio.current;
    if (!player) return;
    player.currentTime = ms / 1000;
    void player.play().catch(() => {});
  }, []);
  const unfinished = t.status === "recording" || t.status === "queued" || t.status === "processing";
  // The page was made before the transcript existed: the status stream says it is done, and
  // its segments arrive with the refreshed page. Until then it is loading, never "no speech".
  const arriving = t.status === "done" && transcription.status !== "done";
  const language = languageName(t.detected_language ?? t.language);

  const onChange = useCallback(
    (next: ApiTranscription) => {
      if (next.id !== transcription.id) return;
      setT(next);
      if ((next.status === "done" || next.status === "failed") && !notified.current) {
        notified.current = true;
        notifyEnded(next);
      }
      if (next.status === "done" && transcription.status !== "done") router.refresh();
    },
    [router, transcription.id, transcription.status],
  );
  useLiveTranscriptions(onChange, renderedAt, unfinished);

  return (
    <article className="mt-4">
      <header className="flex flex-wrap items-center gap-3">
        <TitleEditor id={t.id} title={t.title} canRename={canChange} onRenamed={(title) => setT((c) => ({ ...c, title }))} />
        <StatusBadge t={t} />
      </header>
      <p className="mt-1 text-sm text-muted-foreground">
        {new Date(t.created_at).toLocaleString()} · {t.duration_s > 0 ? formatDuration(t.duration_s) : "length being measured"}
        {language && ` · ${language}`}
        {t.engine && ` · ${engineLabel(t.engine)}`}
      </p>
      {t.status === "done" && transcription.status === "done" && segments.length > 0 ? (
        <TranscriptEditor transcription={transcription} segments={segments} format={format} capabilities={capabilities} styles={styles} initialFind={initialFind} canShare={canShare} />
      ) : (
        <>
          <audio ref={audio} controls preload="metadata" src={urlOf(transcriptionAudio, { params: { id: t.id } })} className="sticky top-16 z-10 mt-6 w-full" data-testid="audio" />
          {unfinished && (
            <div className="mt-6" aria-live="polite">
              <Alert tone="info">
                {t.status === "recording"
                  ? "Still being recorded."
                  : t.status === "queued"
                    ? "Waiting for a free transcriber…"
                    : `Transcribing… ${t.progress}%`}{" "}
                This page updates by itself.
              </Alert>
              {t.status !== "recording" && <NotifyWhenDone />}
            </div>
          )}
          {unfinished && t.source === "recording" && <LiveDraft id={t.id} />}
          {t.status === "processing" && <PartialTranscript id={t.id} piecesDone={t.pieces_done} piecesTotal={t.pieces_total} onSeek={seek} />}
          {t.status === "failed" && <div className="mt-6"><Alert>{t.error ?? "The transcription failed."}</Alert></div>}
          {t.status === "canceled" && <div className="mt-6"><Alert tone="info">This transcription was canceled.</Alert></div>}
          {arriving && (
            <p className="mt-6 text-sm text-muted-foreground" role="status" data-testid="transcript-loading">
              Loading the transcript…
            </p>
          )}
          {transcription.status === "done" && segments.length === 0 && (
            <div className="mt-6"><Alert tone="info">No speech was recognised in this audio.</Alert></div>
          )}
        </>
      )}
    </article>
  );
}
