"use client";

import { useEffect } from "react";
import type { ApiSegment } from "@/lib/api/contract/transcription";
import { wordsBefore } from "@/lib/editor/segment-structure";

/** Where in the audio a match starts: its word's time when the words are timed, else its segment's start. */
function matchStartMs(segment: ApiSegment | undefined, at: number): number {
  if (!segment) return 0;
  const word = wordsBefore(segment.text, at);
  const words = segment.words ?? [];
  return words.length === segment.text.split(/\s+/).filter(Boolean).length && words[word] ? words[word].start_ms : segment.start_ms;
}

/**
 * The player goes to the match being shown (a search hit opened from the dashboard, or
 * next/previous), and only when another match is shown: typing into the matched segment must
 * not move the audio.
 */
export function useSeekToMatch(shown: { position: number; start: number } | undefined, segments: ApiSegment[], seek: (ms: number, play: boolean) => void): void {
  useEffect(() => {
    if (shown) seek(matchStartMs(segments[shown.position], shown.start), false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown?.position, shown?.start, seek]);
}
