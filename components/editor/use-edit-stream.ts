"use client";

import { useCallback, useEffect, useRef } from "react";
import { call, urlOf } from "@/lib/api/client";
import { PRESENCE_BEAT_MS, TranscriptChanges, TranscriptPresence } from "@/lib/api/contract/transcription";
import { beatPresence, transcriptEdits } from "@/lib/api/endpoints/editor";
import { eventData } from "@/lib/api/event-data";

interface Handlers {
  onChanges(changes: TranscriptChanges): void;
  onPresence(presence: TranscriptPresence): void;
  /** why others' edits are not arriving (a sentence to show), or null once they are again */
  onTrouble(trouble: string | null): void;
}

/** Said when the server refused the stream itself (its answer's sentence is not readable from an EventSource). */
export const STREAM_REFUSED = "Others' edits are not shown live on this page: too many live views are open, or the connection was refused. Close some tabs; this page tries again every 30 seconds.";
/** Said when the refusal is for good: signed out, access lost, or the transcript deleted. */
export const STREAM_GONE = "This transcript is no longer open to you here: you were signed out, lost access to it, or it was deleted. Reload the page.";
const REOPEN_MS = 30_000;

/**
 * Keeps this page in the transcript's company: listens to the edit stream (others' saved edits
 * and who else is here; the browser reconnects by itself after a dropped connection, resuming
 * from the last version it heard, and this hook reopens one the server refused, from the last
 * version heard too), and tells the server every PRESENCE_BEAT_MS, and whenever the open
 * segment changes, that this page is here and where it edits. A message that does not fit the
 * contract is ignored; a refusal is said.
 */
export function useEditStream(transcriptionId: string, since: number, clientId: string, editingSegment: string | null, handlers: Handlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  // The stream's trouble and the beats' are told apart: either clears only its own.
  const troubles = useRef<{ stream: string | null; beat: string | null }>({ stream: null, beat: null });
  const trouble = useCallback((source: "stream" | "beat", message: string | null) => {
    if (troubles.current[source] === message) return;
    troubles.current[source] = message;
    latest.current.onTrouble(troubles.current.stream ?? troubles.current.beat);
  }, []);
  const heard = useRef(since);
  const segment = useRef(editingSegment);
  useEffect(() => {
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const beat = () => call(beatPresence, { params: { id: transcriptionId }, body: { client_id: clientId, segment_id: segment.current } });
    const open = () => {
      source = new EventSource(urlOf(transcriptEdits, { params: { id: transcriptionId }, query: { since: String(heard.current), client_id: clientId } }));
      source.addEventListener("open", () => trouble("stream", null));
      source.addEventListener("changes", (event) => {
        const changes = eventData(TranscriptChanges, (event as MessageEvent).data);
        if (!changes) return;
        heard.current = Math.max(heard.current, changes.version);
        latest.current.onChanges(changes);
      });
      source.addEventListener("presence", (event) => {
        const presence = eventData(TranscriptPresence, (event as MessageEvent).data);
        if (presence) latest.current.onPresence(presence);
      });
      source.addEventListener("error", () => {
        // CONNECTING: the browser retries by itself. CLOSED: the server answered with an error,
        // whose status an EventSource does not tell: a presence beat asks whether access is gone.
        if (source?.readyState !== EventSource.CLOSED) return;
        void beat().then((result) => {
          if (stopped) return;
          if (!result.ok && (result.status === 401 || result.status === 404)) return trouble("stream", STREAM_GONE);
          trouble("stream", STREAM_REFUSED);
          reopen = setTimeout(open, REOPEN_MS);
        });
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(reopen);
      source?.close();
    };
    // The stream opens once per page: later versions come through it (and Last-Event-ID on reconnect).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [transcriptionId, clientId]);

  useEffect(() => {
    const beat = async (segmentId: string | null) => {
      const result = await call(beatPresence, { params: { id: transcriptionId }, body: { client_id: clientId, segment_id: segmentId } });
      if (result.ok || result.status === 429) trouble("beat", result.ok ? null : result.text);
    };
    segment.current = editingSegment;
    void beat(editingSegment);
    const every = setInterval(() => void beat(segment.current), PRESENCE_BEAT_MS);
    return () => clearInterval(every);
  }, [transcriptionId, clientId, editingSegment, trouble]);
  useEffect(() => {
    const leave = () => void call(beatPresence, { params: { id: transcriptionId }, body: { client_id: clientId, segment_id: null, left: true }, keepalive: true });
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [transcriptionId, clientId]);
}
