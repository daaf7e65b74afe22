"use client";

import Link from "next/link";
import { useCallback, useEffect, useMemo, useState } from "react";
import { saveResponse } from "@/components/editor/download";
import { PlayerBar } from "@/components/editor/player-bar";
import { SegmentRow } from "@/components/editor/segment-row";
import { usePlayback } from "@/components/editor/use-playback";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiDownload, call, urlOf } from "@/lib/api/client";
import type { SharedTranscript } from "@/lib/api/contract/sharing";
import { sharedAudio, sharedExport, sharedTranscript } from "@/lib/api/endpoints/sharing";
import type { ApiSegment } from "@/lib/api/contract/transcription";
import { indexAt, indexWithin } from "@/lib/editor/playback";
import { isExportFormat, type ExportFormat } from "@/lib/exports/formats";
import { formatDuration } from "@/lib/text/time-format";

/** What the page says of a link that opens nothing (the API's 404), whatever the reason. */
const LINK_GONE_TEXT = "This link has expired or was revoked.";
const NO_TOKEN_TEXT = "This link is incomplete. Ask for the whole link again.";

type State =
  | { kind: "loading" }
  | { kind: "failed"; text: string }
  | { kind: "ready"; token: string; transcript: SharedTranscript };

const FORMAT_BUTTON: Record<ExportFormat, string> = { txt: "TXT", md: "Markdown", pdf: "PDF", docx: "Word", srt: "SRT", vtt: "VTT" };

/** The token in the address's fragment (`/shared#<token>`), which never reaches a server or a Referer. */
function tokenInAddress(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, "")).trim();
}

/** The read-only segments, for the editor's own rows (which take the editor's segment shape). */
function asRows(transcript: SharedTranscript): ApiSegment[] {
  return transcript.segments.map((s) => ({ start_ms: s.start_ms, end_ms: s.end_ms, text: s.text, words: s.words, confidence: null, speaker: s.speaker ?? null }));
}

/**
 * A share link's page, for anyone holding the link: the shell is prerendered (fast for a
 * stranger, nothing read from the request); this reads the token from the fragment and loads
 * the transcript. The editor's player and rows are reused read-only: the current word lights
 * up as the audio plays, and a tap on a word (or a time) plays from there.
 */
export function SharedTranscriptView() {
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    let current = true;
    const load = async () => {
      const token = tokenInAddress();
      if (!token) return setState({ kind: "failed", text: NO_TOKEN_TEXT });
      setState({ kind: "loading" });
      const result = await call(sharedTranscript, { params: { token } });
      if (!current) return;
      if (result.ok) setState({ kind: "ready", token, transcript: result.data });
      else setState({ kind: "failed", text: result.status === 404 ? LINK_GONE_TEXT : result.status === 0 ? "Could not reach the server. Check your connection and reload." : result.text });
    };
    void load();
    // Another link pasted over this one's fragment opens without a reload.
    const onHashChange = () => void load();
    window.addEventListener("hashchange", onHashChange);
    return () => {
      current = false;
      window.removeEventListener("hashchange", onHashChange);
    };
  }, []);

  useEffect(() => {
    if (state.kind === "ready") document.title = `${state.transcript.title} · Verbatim`;
  }, [state]);

  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-20 flex h-14 items-center justify-between border-b border-border bg-background px-4">
        <Link href="/" className="text-xl font-semibold text-primary">Verbatim</Link>
        <Button asChild size="sm">
          <Link href="/signup">Sign up</Link>
        </Button>
      </header>
      <main className="mx-auto max-w-4xl px-4 py-6">
        {state.kind === "loading" && (
          <p className="text-sm text-muted-foreground" role="status" data-testid="shared-loading">Loading the transcript…</p>
        )}
        {state.kind === "failed" && (
          <div data-testid="shared-failed">
            <Alert tone="info">{state.text}</Alert>
          </div>
        )}
        {state.kind === "ready" && <SharedDocument token={state.token} transcript={state.transcript} />}
      </main>
    </div>
  );
}

const noop = () => undefined;
const NO_MATCHES: never[] = [];
const NO_SPEAKERS: string[] = [];

function SharedDocument({ token, transcript }: { token: string; transcript: SharedTranscript }) {
  const segments = useMemo(() => asRows(transcript), [transcript]);
  const playback = usePlayback();
  const activeSegment = indexAt(segments, playback.currentMs);
  const activeWords = activeSegment >= 0 ? segments[activeSegment].words : null;
  const activeWord = activeWords ? indexWithin(activeWords, playback.currentMs) : -1;
  // A format this page does not know (a newer server) is left out rather than offered blind.
  const formats = useMemo(() => transcript.export_formats.filter(isExportFormat), [transcript]);

  return (
    <article>
      <h1 className="break-words text-2xl font-semibold" data-testid="shared-title">{transcript.title}</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        {new Date(transcript.created_at).toLocaleDateString()} · {formatDuration(transcript.duration_s)}
        {transcript.language && ` · ${transcript.language}`}
      </p>
      {transcript.speakers && transcript.speakers.length > 0 && (
        <p className="mt-1 text-sm" data-testid="shared-speakers">
          <span className="text-muted-foreground">Speakers: </span>
          {transcript.speakers.join(", ")}
        </p>
      )}
      {transcript.allow_export && formats.length > 0 && <SharedExports token={token} title={transcript.title} formats={formats} />}

      {/* Straight in the article (a wrapper would end its stickiness): it stays under the h-14 header. */}
      <div className="mt-4" />
      <PlayerBar src={urlOf(sharedAudio, { params: { token } })} playback={playback} />
      {segments.length === 0 ? (
        <div className="mt-4"><Alert tone="info">No speech was recognised in this audio.</Alert></div>
      ) : (
        <ol className="mt-2 flex flex-col gap-1" data-testid="transcript">
          {segments.map((s, i) => (
            <SegmentRow
              key={i}
              segment={s}
              position={i}
              active={i === activeSegment}
              activeWord={i === activeSegment ? activeWord : -1}
              editable={false}
              reading
              editing={false}
              unsureBelow={null}
              matches={NO_MATCHES}
              currentMatch={-1}
              onSeek={playback.seek}
              onStartEdit={noop}
              onStopEdit={noop}
              onChangeText={noop}
              onCommand={noop}
              speakers={NO_SPEAKERS}
              onSetSpeaker={noop}
              first={i === 0}
              last={i === segments.length - 1}
            />
          ))}
        </ol>
      )}
      <p className="mt-8 text-center text-xs text-muted-foreground">
        Shared read-only with Verbatim. <Link href="/signup" className="text-accent hover:underline">Transcribe your own recordings</Link>
      </p>
    </article>
  );
}

/** A download button per format the link offers. */
function SharedExports({ token, title, formats }: { token: string; title: string; formats: readonly ExportFormat[] }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const download = useCallback(
    async (format: ExportFormat) => {
      setBusy(format);
      setRefusal(null);
      const query = { format, timestamps: "1", tz: Intl.DateTimeFormat().resolvedOptions().timeZone };
      const result = await apiDownload(urlOf(sharedExport, { params: { token }, query }));
      try {
        if (result.ok) await saveResponse(result.response, `${title}.${format}`);
        else setRefusal(result.status === 404 ? LINK_GONE_TEXT : result.text);
      } catch {
        setRefusal("Could not reach the server. Try again.");
      } finally {
        setBusy(null);
      }
    },
    [token, title],
  );

  return (
    <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label="Download">
      <span className="text-sm text-muted-foreground">Download:</span>
      {formats.map((f) => (
        <Button key={f} type="button" size="sm" variant="secondary" disabled={busy !== null} onClick={() => void download(f)} aria-label={`Download as ${FORMAT_BUTTON[f]}`}>
          {busy === f ? "Preparing…" : FORMAT_BUTTON[f]}
        </Button>
      ))}
      {refusal && <div className="basis-full"><Alert>{refusal}</Alert></div>}
    </div>
  );
}
