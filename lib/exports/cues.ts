import type { ApiSegment } from "@/lib/api/contract/transcription";
import { collapseWhitespace } from "./document";

/** Readability limits for subtitle cues (common broadcast guidance). */
export const MAX_LINE_CHARS = 42;
export const MAX_LINES = 2;
export const MAX_CUE_MS = 7000;
/** Length given to a cue whose source timing is empty or inverted. */
const MIN_CUE_MS = 500;

export interface Cue {
  startMs: number;
  endMs: number;
  lines: string[];
}

interface TimedWord {
  text: string;
  startMs: number;
  endMs: number;
}

/** Length in characters as a viewer counts them (code points, not UTF-16 units). */
const length = (s: string) => Array.from(s).length;

/** Greedy word wrap at MAX_LINE_CHARS; a single longer word gets a line of its own. */
export function wrapLines(words: string[]): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && length(last) + 1 + length(word) <= MAX_LINE_CHARS) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * The segment's words with times. The displayed words always come from the (edited)
 * segment text; its word timings are used when they still pair one to one with those
 * words (the editor re-aligns them on every edit), otherwise time is shared out in
 * proportion to the characters.
 */
function timedWords(segment: ApiSegment, text: string): TimedWord[] {
  const start = segment.start_ms;
  const end = Math.max(segment.end_ms, start);
  const words = text.split(" ");
  const timings = segment.words;
  if (timings && timings.length === words.length) {
    let previousStart = start;
    return words.map((word, i) => {
      // Clamped into the segment and kept in order, whatever the engine reported.
      const startMs = Math.min(end, Math.max(previousStart, timings[i].start_ms));
      const endMs = Math.min(end, Math.max(startMs, timings[i].end_ms));
      previousStart = startMs;
      return { text: word, startMs, endMs };
    });
  }
  const total = length(text);
  let offset = 0;
  return words.map((word, i) => {
    const from = offset;
    offset += length(word) + 1; // the following space belongs to the word's time
    const to = i === words.length - 1 ? total : offset;
    return { text: word, startMs: Math.round(start + ((end - start) * from) / total), endMs: Math.round(start + ((end - start) * to) / total) };
  });
}

/** Splits words into `count` runs of about equal characters, by where each word's middle falls. */
function splitEvenly(words: TimedWord[], count: number): TimedWord[][] {
  const total = words.reduce((sum, w) => sum + length(w.text) + 1, 0);
  const groups: TimedWord[][] = Array.from({ length: count }, () => []);
  let offset = 0;
  for (const word of words) {
    const middle = offset + length(word.text) / 2;
    groups[Math.min(count - 1, Math.floor((middle * count) / total))].push(word);
    offset += length(word.text) + 1;
  }
  return groups.filter((g) => g.length > 0);
}

/**
 * One segment's cues: the fewest cues of balanced length in which every cue fits in two
 * lines and about seven seconds (a single word too long for that gets a cue of its own).
 */
function segmentCues(segment: ApiSegment): Cue[] {
  const text = collapseWhitespace(segment.text);
  if (!text) return [];
  const speaker = segment.speaker ? collapseWhitespace(segment.speaker) : "";
  const prefix = speaker ? [`${speaker}:`] : [];
  const words = timedWords(segment, text);
  const linesOf = (group: TimedWord[]) => wrapLines([...prefix, ...group.map((w) => w.text)]);
  const fits = (group: TimedWord[]) =>
    group.length === 1 || (linesOf(group).length <= MAX_LINES && group[group.length - 1].endMs - group[0].startMs <= MAX_CUE_MS);
  // No fewer cues than the characters and the time need, so this loop runs a few times at most.
  const charsPerCue = MAX_LINES * MAX_LINE_CHARS;
  const span = words[words.length - 1].endMs - words[0].startMs;
  let count = Math.max(1, Math.ceil((length(text) + prefix.join("").length) / charsPerCue), Math.ceil(span / MAX_CUE_MS));
  let groups = splitEvenly(words, Math.min(count, words.length));
  while (!groups.every(fits)) groups = splitEvenly(words, Math.min(++count, words.length));
  return groups.map((group) => ({ startMs: group[0].startMs, endMs: group[group.length - 1].endMs, lines: linesOf(group) }));
}

/**
 * Subtitle cues for the whole transcript, in order: never overlapping, never empty in
 * time (a cue starts no earlier than the previous one ends).
 */
export function buildCues(segments: ApiSegment[]): Cue[] {
  const cues = segments.flatMap(segmentCues);
  let previousEnd = 0;
  for (const cue of cues) {
    cue.startMs = Math.max(cue.startMs, previousEnd);
    if (cue.endMs <= cue.startMs) cue.endMs = cue.startMs + MIN_CUE_MS;
    previousEnd = cue.endMs;
  }
  return cues;
}
