import type { WordTiming } from "@/lib/db/schema";
import { normaliseWords } from "@/lib/transcription/wer";

/** What the client showed at one moment: the first `finals` final utterances, then the words still changing. */
export interface View {
  at: number;
  finals: number;
  pending: string;
}

/** A final utterance as the client got it, with the engine's word timings (recording clock) from its stored row. */
export interface FinalUtterance {
  /** when its event reached the client */
  at: number;
  text: string;
  endMs: number;
  /** null when the engine stored no word timings */
  words: WordTiming[] | null;
}

interface FinalWord {
  word: string;
  endMs: number;
  finalAt: number;
}

/** Delays (ms) of each final word from when it was spoken, in the order spoken. */
export interface WordDelays {
  /** until the client first showed some word at its place */
  shown: number[];
  /** until the client first showed this word, matched to it by aligning what was shown with the final words */
  right: number[];
  /** until its utterance arrived */
  final: number[];
}

/**
 * An utterance's words normalised as for scoring, each with the time it ends; without
 * word timings, its text's words count as ending with the utterance.
 */
function wordsOf(u: FinalUtterance): FinalWord[] {
  const timed = u.words?.flatMap((w) => normaliseWords(w.word).map((word) => ({ word, endMs: w.end_ms, finalAt: u.at })));
  return timed?.length ? timed : normaliseWords(u.text).map((word) => ({ word, endMs: u.endMs, finalAt: u.at }));
}

/** Every final word of a recording, in order. */
export function finalWords(utterances: FinalUtterance[]): string[] {
  return utterances.flatMap(wordsOf).map((w) => w.word);
}

/** Words still changing may run past the final words they become by this many. */
const ALIGN_SLACK = 8;

/**
 * Which of the final words from `from` on the words still changing already show: a longest
 * common subsequence of the two, so a word counts where a guess before it was one word too
 * many or too few ("white york had trained in new for you" already shows "for you").
 */
function matchedFinals(pending: string[], finals: FinalWord[], from: number): number[] {
  const target = finals.slice(from, from + pending.length + ALIGN_SLACK).map((w) => w.word);
  const lcs = Array.from({ length: pending.length + 1 }, () => new Array<number>(target.length + 1).fill(0));
  for (let i = pending.length - 1; i >= 0; i--) {
    for (let j = target.length - 1; j >= 0; j--) {
      lcs[i][j] = pending[i] === target[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const matched: number[] = [];
  for (let i = 0, j = 0; i < pending.length && j < target.length; ) {
    if (pending[i] === target[j]) {
      matched.push(from + j);
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) i++;
    else j++;
  }
  return matched;
}

/**
 * Per final word k: the delay from when it was spoken (`t0` + its end on the recording's
 * clock) until the first view holding k + 1 words, until the first view that shows this
 * very word (aligned with the final words), and until its utterance arrived. Positions
 * count in the whole recording's word sequence (final utterances before, then the words
 * still changing).
 */
export function wordDelays(views: View[], utterances: FinalUtterance[], t0: number): WordDelays {
  const perUtterance = utterances.map(wordsOf);
  const finals = perUtterance.flat();
  const ordered = [...views].sort((a, b) => a.at - b.at);
  const shownAt: Array<number | undefined> = [];
  const rightAt: Array<number | undefined> = [];
  for (const view of ordered) {
    const finalCount = perUtterance.slice(0, view.finals).flat().length;
    const pending = normaliseWords(view.pending);
    for (let k = 0; k < Math.min(finalCount + pending.length, finals.length); k++) shownAt[k] ??= view.at;
    for (let k = 0; k < finalCount; k++) rightAt[k] ??= view.at;
    for (const k of matchedFinals(pending, finals, finalCount)) rightAt[k] ??= view.at;
  }
  const delay = (at: number, w: FinalWord) => at - (t0 + w.endMs);
  return {
    // A word's utterance arriving shows it, views or not.
    shown: finals.map((w, k) => delay(Math.min(shownAt[k] ?? w.finalAt, w.finalAt), w)),
    right: finals.map((w, k) => delay(Math.min(rightAt[k] ?? w.finalAt, w.finalAt), w)),
    final: finals.map((w) => delay(w.finalAt, w)),
  };
}
