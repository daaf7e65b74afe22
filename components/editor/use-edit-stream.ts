"use client";

import { useEffect, useRef } from "react";
import { call, urlOf } from "@/lib/api/client";
import { PRESENCE_BEAT_MS, TranscriptChanges, TranscriptPresence } from "@/lib/api/contract/transcription";
import { beatPresence, transcriptEdits } from "@/lib/api/endpoints/editor";
import { eventData } from "@/lib/api/event-data";

interface Handlers {
  onChanges(changes: TranscriptChanges): void;
  onPresence(presence: TranscriptPresence): void;
}

/**
 * Keeps this page in the transcript's company: listens to the edit stream (others' saved edits
 * and who else is here; the browser reconnects by itself, resuming from the last version it
 * heard), and tells the server every PRESENCE_BEAT_MS, and whenever the open segment changes, that this
 * page is here and where it edits. A message that does not fit the contract is ignored.
 */
export function useEditStream(transcriptionId: string, since: number, clientId: string, editingSegment: string | null, handlers: Handlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const source = new EventSource(urlOf(transcriptEdits, { params: { id: transcriptionId }, query: { since: String(since), client_id: clientId } }));
    source.addEventListener("changes", (event) => {
      const changes = eventData(TranscriptChanges, (event as MessageEvent).data);
      if (changes) latest.current.onChanges(changes);
    });
    source.addEventListener("presence", (event) => {
      const presence = eventData(TranscriptPresence, (event as MessageEvent).data);
      if (presence) latest.current.onPresence(presence);
    });
    return () => source.close();
    // The stream opens once per page: later versions come through it (and Last-Event-ID on reconnect).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [transcriptionId, clientId]);

  const segment = useRef(editingSegment);
  useEffect(() => {
    segment.current = editingSegment;
    void call(beatPresence, { params: { id: transcriptionId }, body: { client_id: clientId, segment_id: editingSegment } });
  }, [transcriptionId, clientId, editingSegment]);
  useEffect(() => {
    const beat = setInterval(() => void call(beatPresence, { params: { id: transcriptionId }, body: { client_id: clientId, segment_id: segment.current } }), PRESENCE_BEAT_MS);
    const leave = () => void call(beatPresence, { params: { id: transcriptionId }, body: { client_id: clientId, segment_id: null, left: true }, keepalive: true });
    window.addEventListener("pagehide", leave);
    return () => {
      clearInterval(beat);
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [transcriptionId, clientId]);
}
