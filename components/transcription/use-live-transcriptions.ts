"use client";

import { useEffect } from "react";
import { urlOf } from "@/lib/api/client";
import { ApiTranscription } from "@/lib/api/contract/transcription";
import { transcriptionEvents } from "@/lib/api/endpoints/transcription";
import { eventData } from "@/lib/api/event-data";

/**
 * Subscribes to the server's status stream; the browser reconnects by itself if it drops. A
 * message that does not fit the contract is ignored: the next one carries the full state again.
 */
export function useLiveTranscriptions(onChange: (t: ApiTranscription) => void, since: string, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource(urlOf(transcriptionEvents, { query: { since } }));
    source.onmessage = (event) => {
      const changed = eventData(ApiTranscription, event.data);
      if (changed) onChange(changed);
    };
    return () => source.close();
  }, [onChange, since, enabled]);
}
