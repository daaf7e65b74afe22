import type { TranscriptSegment, WordTiming } from "@/lib/db/schema";
import { MAX_SEGMENT_CHARS } from "@/lib/api/contract/transcription";
import { DomainError } from "@/lib/errors/domain-error";
import { MAX_CELLS_ON_REQUEST_THREAD, realignWords } from "@/lib/text/word-alignment";

type Parts = Pick<TranscriptSegment, "startMs" | "endMs" | "text" | "words" | "confidence" | "speaker">;

const SPLIT_PLACE_MESSAGE = "Choose where to split: between two words of the segment.";
export const MERGE_LAST_MESSAGE = "The last segment has no next segment to merge with.";
const MERGE_TOO_LONG_MESSAGE = `These two segments together would hold more than ${MAX_SEGMENT_CHARS} characters, the most a segment may hold.`;

/**
 * How many whole words of `text` end at or before the cursor: a split at the cursor goes
 * there, so a cursor inside a word keeps that word in the second part.
 */
export function wordsBefore(text: string, caret: number): number {
  return [...text.matchAll(/\S+/g)].filter((m) => m.index + m[0].length <= caret).length;
}

/** The timings of the words said between `from` and `to`, re-fitted to a part's text. */
function wordsWithin(words: WordTiming[] | null, text: string, from: number, to: number): WordTiming[] | null {
  return words && realignWords(words.filter((w) => w.start_ms >= from && w.start_ms < to), text, from, to, MAX_CELLS_ON_REQUEST_THREAD);
}

/**
 * A segment cut before its word `at` (1 … words − 1), the two parts meeting at the cut. With
 * a timing per word the cut is where word `at` starts and each part keeps its own words'
 * timings; otherwise the time is shared in proportion to the characters.
 */
export function splitParts(segment: Parts, at: number): [Parts, Parts] {
  const tokens = segment.text.split(/\s+/).filter(Boolean);
  if (!Number.isInteger(at) || at < 1 || at >= tokens.length) throw new DomainError("unprocessable", SPLIT_PLACE_MESSAGE);
  const first = tokens.slice(0, at).join(" ");
  const second = tokens.slice(at).join(" ");
  const { startMs, endMs, words } = segment;
  if (words && words.length === tokens.length) {
    const cut = Math.max(startMs, Math.min(endMs, words[at].start_ms));
    return [
      { ...segment, text: first, endMs: cut, words: words.slice(0, at) },
      { ...segment, text: second, startMs: cut, words: words.slice(at) },
    ];
  }
  const cut = Math.round(startMs + ((endMs - startMs) * first.length) / (first.length + second.length));
  return [
    { ...segment, text: first, endMs: cut, words: wordsWithin(words, first, startMs, cut) },
    { ...segment, text: second, startMs: cut, words: wordsWithin(words, second, cut, endMs) },
  ];
}

/**
 * A segment and the next as one: texts joined, each word keeping its timing, the speaker of
 * the first (or the second's if the first has none), the lower of the two confidences.
 */
export function mergedParts(a: Parts, b: Parts): Parts {
  const text = [a.text, b.text].filter(Boolean).join(" ");
  if (text.length > MAX_SEGMENT_CHARS) throw new DomainError("unprocessable", MERGE_TOO_LONG_MESSAGE);
  const joined = [...(a.words ?? []), ...(b.words ?? [])];
  // Words that still match the text word for word keep their timings as they are.
  const matching = joined.map((w) => w.word).join(" ") === text.split(/\s+/).filter(Boolean).join(" ");
  const words = !a.words && !b.words ? null : matching ? joined : realignWords(joined, text, a.startMs, b.endMs, MAX_CELLS_ON_REQUEST_THREAD);
  const confidences = [a.confidence, b.confidence].filter((c): c is number => c !== null);
  return {
    startMs: a.startMs,
    endMs: Math.max(a.endMs, b.endMs),
    text,
    words,
    confidence: confidences.length ? Math.min(...confidences) : null,
    speaker: a.speaker ?? b.speaker,
  };
}
