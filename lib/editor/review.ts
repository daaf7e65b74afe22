import type { ApiSegment } from "@/lib/api/contract/transcription";

type ApiWord = NonNullable<ApiSegment["words"]>[number];

/**
 * The review of uncertain words: the words an engine was unsure of, in order, for the editor
 * to go through one by one (play each in its context, keep or correct it). A word the user
 * reviewed keeps a `reviewed` mark and is not asked again; one they corrected has no
 * confidence any more (lib/text/word-alignment.ts), so it is not asked either.
 *
 * Where an engine's word confidence says "unsure" differs per engine: PocketSphinx gives word
 * posteriors, calibrated on the test speech by `npm run bench:vocabulary` (docs/benchmarks.md);
 * whisper and Parakeet here give no word confidences, and an OpenAI-compatible API one per
 * segment, so their transcripts have nothing to review word by word.
 */
/**
 * PocketSphinx on the read speech and the harbour reading (bench:vocabulary, 1,237 words, 31 %
 * wrong): below 0.3, 28 % of the words are marked and 58 % of those are wrong, half of all the
 * wrong words; below 0.5, 41 % are marked and only half of them wrong. A review asks for the
 * user's time word by word, so its line is where a marked word is most often wrong.
 */
const UNSURE_BELOW: Record<string, number> = { sphinx: 0.3 };
const DEFAULT_UNSURE_BELOW = 0.5;

/** Below this confidence a word of this engine's is marked for review. */
export function unsureBelow(engine: string | null): number {
  return (engine && UNSURE_BELOW[engine]) || DEFAULT_UNSURE_BELOW;
}

export interface UncertainWord {
  /** the segment's place in the transcript */
  segment: number;
  /** the word's place in the segment's words */
  word: number;
  startMs: number;
  endMs: number;
}

/** A segment's words when its text still splits into exactly them (otherwise no word can be pointed at). */
function pairedWords(segment: ApiSegment) {
  const words = segment.words ?? [];
  const tokens = segment.text.split(/\s+/).filter(Boolean);
  return words.length && tokens.length === words.length ? words : [];
}

/** Where the text's word at this place (counted as the review counts words) starts and ends, for the editor to select it. */
export function wordPlace(text: string, index: number): { from: number; to: number } {
  let k = 0;
  for (const m of text.matchAll(/\S+/g)) {
    if (k++ === index) return { from: m.index, to: m.index + m[0].length };
  }
  return { from: text.length, to: text.length };
}

/** Whether the user is still asked about this word: below the line and not yet reviewed. */
export function isUnsure(word: ApiWord, threshold: number): boolean {
  return !word.reviewed && typeof word.confidence === "number" && word.confidence < threshold;
}

/** The words left to review, in transcript order. */
export function uncertainWords(segments: readonly ApiSegment[], threshold: number): UncertainWord[] {
  const found: UncertainWord[] = [];
  segments.forEach((s, segment) =>
    pairedWords(s).forEach((w, word) => {
      if (isUnsure(w, threshold)) found.push({ segment, word, startMs: w.start_ms, endMs: w.end_ms });
    }),
  );
  return found;
}

/** The next (or previous) word to review from a place in the transcript, or null at the end. */
export function stepFrom(list: readonly UncertainWord[], at: { segment: number; word: number } | null, direction: 1 | -1): UncertainWord | null {
  if (!list.length) return null;
  if (!at) return direction === 1 ? list[0] : list[list.length - 1];
  const order = (u: { segment: number; word: number }) => u.segment * 1_000_000 + u.word;
  const here = order(at);
  return direction === 1 ? (list.find((u) => order(u) > here) ?? null) : ([...list].reverse().find((u) => order(u) < here) ?? null);
}

/** Heard in context: a little before the word and a little after, so it can be judged. */
const CONTEXT_BEFORE_MS = 1500;
const CONTEXT_AFTER_MS = 700;

export function contextSpan(word: { startMs: number; endMs: number }): { fromMs: number; toMs: number } {
  return { fromMs: Math.max(0, word.startMs - CONTEXT_BEFORE_MS), toMs: word.endMs + CONTEXT_AFTER_MS };
}
