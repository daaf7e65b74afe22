import type { WordTiming } from "@/lib/db/schema";

/** One piece of whisper output: with one token per segment (max_len 1), a token and its times in ms. */
export interface TimedText {
  text: string;
  t0: number;
  t1: number;
}

/**
 * Whisper's tokens are pieces of words; a token that starts with a space starts a word.
 * Joins them into words with the first token's start and the last one's end.
 */
export function wordsFromTokens(tokens: readonly TimedText[]): WordTiming[] {
  const words: WordTiming[] = [];
  for (const token of tokens) {
    if (!token.text) continue;
    const last = words.at(-1);
    if (last && !/^\s/.test(token.text)) {
      last.word += token.text;
      last.end_ms = Math.max(last.end_ms, token.t1);
    } else {
      const word = token.text.trim();
      if (word) words.push({ word, start_ms: token.t0, end_ms: Math.max(token.t0, token.t1) });
    }
  }
  return withoutAnnotations(words);
}

/**
 * Whisper writes what it hears that is not speech as "[BLANK_AUDIO]", "(music)", "[Applause]":
 * these are not words anyone said, so they go (a run from an opening bracket to its close).
 */
function withoutAnnotations(words: WordTiming[]): WordTiming[] {
  const kept: WordTiming[] = [];
  let inside = false;
  for (const w of words) {
    if (!inside && /^[[(]/.test(w.word)) inside = true;
    if (inside) {
      if (/[\])][.,!?]*$/.test(w.word)) inside = false;
      continue;
    }
    if (/^[♪*]+$/.test(w.word)) continue;
    kept.push(w);
  }
  return kept;
}

/** A phrase of up to this many words repeated this often in a row is whisper looping, not speech. */
const MAX_LOOP_WORDS = 8;
const LOOP_REPEATS = 4;

const normal = (w: WordTiming) => w.word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, "");

/**
 * Whisper's best-known failure: a phrase repeated over and over ("Thank you. Thank you. …")
 * after the speech has ended or in noise. Keeps the first time the phrase is said and drops
 * the loop; people do repeat words, but not the same phrase four times running.
 */
export function withoutLoops(words: readonly WordTiming[]): WordTiming[] {
  const kept: WordTiming[] = [];
  let i = 0;
  while (i < words.length) {
    let skipped = false;
    for (let size = 1; size <= MAX_LOOP_WORDS && !skipped; size++) {
      let repeats = 1;
      while (samePhrase(words, i, i + repeats * size, size)) repeats++;
      if (repeats >= LOOP_REPEATS) {
        kept.push(...words.slice(i, i + size));
        i += repeats * size;
        skipped = true;
      }
    }
    if (!skipped) kept.push(words[i++]);
  }
  return kept;
}

function samePhrase(words: readonly WordTiming[], a: number, b: number, size: number): boolean {
  if (b + size > words.length) return false;
  for (let k = 0; k < size; k++) if (normal(words[a + k]) !== normal(words[b + k])) return false;
  return true;
}
