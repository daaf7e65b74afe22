import type { SegmentState } from "./undo-history";

interface WithSpeaker {
  speaker: string | null;
}

/** The speakers named in a transcript, in the order they first speak. */
export function speakerNames(segments: readonly WithSpeaker[]): string[] {
  return [...new Set(segments.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
}

/** The name a newly added speaker gets: "Speaker N", the first N not yet used. */
export function newSpeakerName(names: readonly string[]): string {
  let n = 1;
  while (names.includes(`Speaker ${n}`)) n++;
  return `Speaker ${n}`;
}

/**
 * A rename applied everywhere: the before and after states of every segment the speaker
 * speaks (one undo step). Renaming to a name already in use joins the two speakers.
 */
export function renameSpeaker(
  segments: readonly (WithSpeaker & { text: string })[],
  from: string,
  to: string,
): { before: SegmentState[]; after: SegmentState[] } {
  const before = segments.flatMap((s, position) => (s.speaker === from ? [{ position, text: s.text, speaker: s.speaker }] : []));
  return { before, after: before.map((s) => ({ ...s, speaker: to })) };
}
