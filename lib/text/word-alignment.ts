import type { WordTiming } from "@/lib/db/schema";

/** Comparison key: case and surrounding punctuation do not make a word different. */
export function wordKey(word: string): string {
  return word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

/** Pairs (oldIndex, newIndex) of a longest common subsequence of the two word lists. */
function commonWords(before: string[], after: string[]): [number, number][] {
  const n = before.length;
  const m = after.length;
  // Row-major (n+1)×(m+1) table of LCS lengths of the suffixes.
  const table = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[at(i, j)] = before[i] === after[j] ? table[at(i + 1, j + 1)] + 1 : Math.max(table[at(i + 1, j)], table[at(i, j + 1)]);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) pairs.push([i++, j++]);
    else if (table[at(i + 1, j)] >= table[at(i, j + 1)]) i++;
    else j++;
  }
  return pairs;
}

// Longer edits skip the quadratic alignment (a table cell per pair of old and new words)
// and share the time out evenly instead.
const MAX_ALIGNED_CELLS = 2000 * 2000;
// Table cells one save may align in all (about a third of a second of one thread); segments
// past it share their time out evenly, so no request can ask for unbounded work.
const MAX_ALIGNMENT_CELLS_PER_SAVE = 16_000_000;
/** For alignments on a request's own thread (split, merge): about 20 ms at most. */
export const MAX_CELLS_ON_REQUEST_THREAD = 1_000_000;

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

export interface Realignment {
  previous: WordTiming[];
  text: string;
  startMs: number;
  endMs: number;
}

/**
 * `realignWords` for each edited segment of one save, within MAX_ALIGNMENT_CELLS_PER_SAVE.
 * Runs in a worker thread (lib/off-thread): an alignment is quadratic in the words.
 */
export function realignSegments(segments: Realignment[]): WordTiming[][] {
  let budget = MAX_ALIGNMENT_CELLS_PER_SAVE;
  return segments.map(({ previous, text, startMs, endMs }) => {
    const cells = previous.length * wordsOf(text).length;
    const aligned = cells <= MAX_ALIGNED_CELLS && cells <= budget;
    if (aligned) budget -= cells;
    return realignWords(previous, text, startMs, endMs, aligned ? cells : 0);
  });
}

/**
 * Word timings for an edited segment text. Words the edit kept keep their timing (so the
 * highlight still follows the audio), and their confidence only if left exactly as they
 * were: a word whose case or punctuation was corrected has been checked by a person, so it
 * is no longer "unsure". New words share the time between their kept neighbours and carry
 * no confidence — a person typed them.
 */
export function realignWords(
  previous: WordTiming[],
  text: string,
  startMs: number,
  endMs: number,
  maxCells = MAX_ALIGNED_CELLS,
): WordTiming[] {
  const words = wordsOf(text);
  if (words.length === 0) return [];
  const kept =
    previous.length * words.length <= maxCells
      ? commonWords(previous.map((w) => wordKey(w.word)), words.map(wordKey))
      : [];
  const result: (WordTiming | null)[] = words.map(() => null);
  const untouchedAt = new Map(kept.filter(([o, n]) => previous[o].word === words[n]));
  // A replacement's mark names the words it wrote: it stays only while all of them stand as written, side by side.
  const wholeRun = (o: number, n: number, count: number) => Array.from({ length: count }, (_, k) => untouchedAt.get(o + k) === n + k).every(Boolean);
  for (const [oldIndex, newIndex] of kept) {
    const { start_ms, end_ms, confidence, reviewed, replaced_from, replaced_words } = previous[oldIndex];
    const untouched = untouchedAt.get(oldIndex) === newIndex;
    result[newIndex] = {
      word: words[newIndex],
      start_ms,
      end_ms,
      ...(untouched && confidence !== undefined ? { confidence } : {}),
      ...(untouched && reviewed ? { reviewed } : {}),
      ...(untouched && replaced_from !== undefined && wholeRun(oldIndex, newIndex, replaced_words ?? 1) ? { replaced_from, replaced_words } : {}),
    };
  }
  fillGaps(result, words, startMs, endMs);
  return result as WordTiming[];
}

/** Spreads each run of untimed words evenly over the gap between its timed neighbours. */
function fillGaps(result: (WordTiming | null)[], words: string[], startMs: number, endMs: number): void {
  let i = 0;
  while (i < result.length) {
    if (result[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < result.length && !result[j]) j++;
    const from = i > 0 ? result[i - 1]!.end_ms : startMs;
    const to = j < result.length ? result[j]!.start_ms : endMs;
    const span = Math.max(0, to - from) / (j - i);
    for (let k = i; k < j; k++) {
      result[k] = { word: words[k], start_ms: Math.round(from + span * (k - i)), end_ms: Math.round(from + span * (k - i + 1)) };
    }
    i = j;
  }
}
