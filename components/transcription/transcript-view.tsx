"use client";

import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { formatDuration, formatTimestamp } from "@/lib/transcription/format";
import type { ApiSegment, ApiTranscription } from "@/lib/transcription/queries";
import { StatusBadge } from "./status-badge";
import { useLiveTranscriptions } from "./use-live-transcriptions";

interface TranscriptViewProps {
  transcription: ApiTranscription;
  segments: ApiSegment[];
  renderedAt: string;
}

export function TranscriptView({ transcription, segments, renderedAt }: TranscriptViewProps) {
  const router = useRouter();
  const audio = useRef<HTMLAudioElement>(null);
  const [t, setT] = useState(transcription);
  const [currentMs, setCurrentMs] = useState(0);
  const unfinished = t.status === "queued" || t.status === "processing";

  const onChange = useCallback(
    (next: ApiTranscription) => {
      if (next.id !== transcription.id) return;
      setT(next);
      if (next.status === "done") router.refresh();
    },
    [router, transcription.id],
  );
  useLiveTranscriptions(onChange, renderedAt, unfinished);

  const seek = (ms: number) => {
    if (!audio.current) return;
    audio.current.currentTime = ms / 1000;
    void audio.current.play();
  };

  return (
    <article className="mt-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <StatusBadge t={t} />
      </header>
      <p className="mt-1 text-sm text-muted-foreground">
        {new Date(t.created_at).toLocaleString()} · {formatDuration(t.duration_s)}
        {(t.detected_language ?? t.language) && ` · ${t.detected_language ?? t.language}`}
        {t.engine && ` · transcribed with ${t.engine}`}
      </p>
      <audio
        ref={audio}
        controls
        preload="metadata"
        src={`/api/transcriptions/${t.id}/audio`}
        className="sticky top-16 z-10 mt-6 w-full"
        onTimeUpdate={(e) => setCurrentMs(e.currentTarget.currentTime * 1000)}
        data-testid="audio"
      />
      {unfinished && (
        <div className="mt-6" aria-live="polite">
          <Alert tone="info">
            {t.status === "queued" ? "Waiting for a free transcriber…" : `Transcribing… ${t.progress}%`} This page updates by itself.
          </Alert>
        </div>
      )}
      {t.status === "failed" && <div className="mt-6"><Alert>{t.error ?? "The transcription failed."}</Alert></div>}
      {t.status === "canceled" && <div className="mt-6"><Alert tone="info">This transcription was canceled.</Alert></div>}
      {t.status === "done" && segments.length === 0 && (
        <div className="mt-6"><Alert tone="info">No speech was recognised in this audio.</Alert></div>
      )}
      <ol className="mt-6 flex flex-col gap-1" data-testid="transcript">
        {segments.map((s, i) => {
          const active = currentMs >= s.start_ms && currentMs < s.end_ms;
          return (
            <li key={i}>
              <button
                type="button"
                onClick={() => seek(s.start_ms)}
                className={`flex w-full gap-4 rounded-lg px-3 py-2 text-left hover:bg-muted ${active ? "bg-accent-soft" : ""}`}
              >
                <span className="w-14 shrink-0 pt-0.5 font-mono text-xs text-accent">{formatTimestamp(s.start_ms)}</span>
                <span className="leading-relaxed">{s.text}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </article>
  );
}
