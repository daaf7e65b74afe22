import type { WordTiming } from "@/lib/db/schema";
import type { EngineSegment } from "./engines/types";

/**
 * Engines cut their output where it suits them: PocketSphinx makes one segment per
 * utterance, which for a steady reading is a minute or more; whisper cuts at 30-second
 * windows. People read, edit and seek in sentences, so the transcript is re-cut here: at
 * sentence ends and pauses in the word timings, none longer than MAX_SEGMENT_MS unless one
 * unbroken run of words forces it, never inside a word, every word keeping its timing.
 */
export const MAX_SEGMENT_MS = 15_000;
/** A sentence end closes a segment once it holds this much speech, so "Yes. No." stay together. */
const MIN_SENTENCE_MS = 3_000;
/** A pause this long between words closes a segment of at least MIN_SENTENCE_MS … */
const PAUSE_MS = 700;
/** … and one this long closes it whatever its length (a new thought, a new speaker). */
const LONG_PAUSE_MS = 2_000;

const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/;

function textOf(words: readonly WordTiming[]): string {
  // Whisper's and the APIs' words may carry their own punctuation; keep it tight to the word.
  return words
    .map((w) => w.word.trim())
    .filter(Boolean)
    .join(" ")
    .replace(/\s+([,.;:!?…])/g, "$1");
}

export function segmentOf(words: readonly WordTiming[], fallbackConfidence: number | undefined): EngineSegment {
  const scored = words.filter((w) => typeof w.confidence === "number");
  const confidence = scored.length ? scored.reduce((sum, w) => sum + (w.confidence ?? 0), 0) / scored.length : fallbackConfidence;
  return {
    startMs: words[0].start_ms,
    endMs: words[words.length - 1].end_ms,
    text: textOf(words),
    words: [...words],
    ...(confidence === undefined ? {} : { confidence }),
  };
}

/** Where to cut a run that grew too long: after a sentence end if there is one, else at the widest pause. */
function cutIndex(words: readonly WordTiming[]): number {
  let best = -1;
  let bestScore = -Infinity;
  // Never leave a first part of a single word when something better exists.
  for (let i = 1; i < words.length; i++) {
    const gap = words[i].start_ms - words[i - 1].end_ms;
    const score = gap + (SENTENCE_END.test(words[i - 1].word.trim()) ? 10_000 : 0);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}

/** One engine segment's words re-cut into readable segments. */
function splitWords(words: readonly WordTiming[], confidence: number | undefined): EngineSegment[] {
  const out: EngineSegment[] = [];
  let current: WordTiming[] = [];
  const flush = () => {
    if (current.length) out.push(segmentOf(current, confidence));
    current = [];
  };
  for (const word of words) {
    const last = current.at(-1);
    if (last) {
      const gap = word.start_ms - last.end_ms;
      const length = last.end_ms - current[0].start_ms;
      const sentenceEnded = SENTENCE_END.test(last.word.trim());
      if (gap >= LONG_PAUSE_MS || (length >= MIN_SENTENCE_MS && (sentenceEnded || gap >= PAUSE_MS))) flush();
    }
    current.push(word);
    // Too long: cut at the best place inside, and carry the rest on.
    while (current.length > 1 && current[current.length - 1].end_ms - current[0].start_ms > MAX_SEGMENT_MS) {
      const at = cutIndex(current.slice(0, -1));
      if (at <= 0) break;
      out.push(segmentOf(current.slice(0, at), confidence));
      current = current.slice(at);
    }
  }
  flush();
  return out;
}

/**
 * The engine's segments as readable segments, in time order. Segments without word timings
 * are kept as they are: their text cannot be cut without inventing times.
 */
export function readableSegments(segments: readonly EngineSegment[]): EngineSegment[] {
  const out: EngineSegment[] = [];
  for (const segment of segments) {
    const words = (segment.words ?? []).filter((w) => w.word.trim() && w.end_ms >= w.start_ms);
    if (!words.length) {
      if (segment.text.trim()) out.push(segment);
      continue;
    }
    out.push(...splitWords(words, segment.confidence));
  }
  return out.sort((a, b) => a.startMs - b.startMs);
}
