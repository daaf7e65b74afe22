"use client";

import { useEffect } from "react";
import type { ApiTranscription } from "@/lib/api/contract/transcriptions";

/** Subscribes to the server's status stream; the browser reconnects by itself if it drops. */
export function useLiveTranscriptions(onChange: (t: ApiTranscription) => void, since: string, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource(`/api/transcriptions/events?since=${encodeURIComponent(since)}`);
    source.onmessage = (event) => {
      try {
        onChange(JSON.parse(event.data) as ApiTranscription);
      } catch {
        // ignore a malformed message; the next one carries the full state again
      }
    };
    return () => source.close();
  }, [onChange, since, enabled]);
}
