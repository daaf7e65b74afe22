import type { WordTiming } from "@/lib/db/schema";
import type { Diarization, DiarizerName, SpeakerTurn } from "@/lib/speakers/diarization";
import { defaultSpeakerName } from "@/lib/speakers/voice-similarity";
import type { EngineSegment } from "./engines/types";
import { segmentOf } from "./readable-segments";

/** A speaker as stored with its transcript: numbered and named in order of first appearance. */
export interface NamedSpeaker {
  speaker: number;
  name: string;
  seconds: number;
  embedding: number[];
}

/** What speaker detection left a transcript with: named speakers, or why there are none. */
export type FoundSpeakers = { diarizer: DiarizerName; speakers: NamedSpeaker[] } | { note: string };


/**
 * Turns sorted by start, with what a search needs when they overlap (two voices at once, or
 * one turn inside a long other): for each turn, the one of it and those before it that ends
 * last. Its end only grows, so a binary search over it finds the first turn that can reach a time.
 */
interface TurnIndex {
  turns: readonly SpeakerTurn[];
  lastEnding: number[];
}

function indexTurns(turns: readonly SpeakerTurn[]): TurnIndex {
  const lastEnding: number[] = [];
  turns.forEach((turn, i) => lastEnding.push(i > 0 && turns[lastEnding[i - 1]].endMs > turn.endMs ? lastEnding[i - 1] : i));
  return { turns, lastEnding };
}

/** Index of the first turn by which some turn (of it and those before it) ends after `ms`. */
function firstReaching({ turns, lastEnding }: TurnIndex, ms: number): number {
  let low = 0;
  let high = turns.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (turns[lastEnding[mid]].endMs <= ms) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Who speaks from `startMs` to `endMs`: the speaker whose turns cover most of it; a span no
 * turn touches (detection heard no speech there) goes to the nearest turn's speaker.
 */
function speakerOf(index: TurnIndex, startMs: number, endMs: number): number {
  const { turns, lastEnding } = index;
  const first = firstReaching(index, startMs);
  // speaker → [time covered, its shortest covering turn]: of two voices covering a word alike
  // (an interjection inside another's long turn), the shorter turn is the one that says who.
  const covered = new Map<number, [number, number]>();
  for (let i = first; i < turns.length && turns[i].startMs < endMs; i++) {
    const overlap = Math.min(endMs, turns[i].endMs) - Math.max(startMs, turns[i].startMs);
    if (overlap <= 0) continue;
    const [time, shortest] = covered.get(turns[i].speaker) ?? [0, Infinity];
    covered.set(turns[i].speaker, [time + overlap, Math.min(shortest, turns[i].endMs - turns[i].startMs)]);
  }
  if (covered.size) {
    const better = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] < b[1]);
    return [...covered.entries()].reduce((best, next) => (better(next[1], best[1]) ? next : best))[0];
  }
  // Nothing covers it: every turn before `first` ended by startMs, and `first` starts at endMs or later.
  const before = first > 0 ? turns[lastEnding[first - 1]] : undefined;
  const after = turns[first];
  if (!before) return after.speaker;
  if (!after) return before.speaker;
  return startMs - before.endMs <= after.startMs - endMs ? before.speaker : after.speaker;
}

/** One readable segment cut where the speaker changes, each part with its speaker's number. */
function cutAtTurns(segment: EngineSegment, turns: TurnIndex): Array<{ segment: EngineSegment; speaker: number }> {
  const words = segment.words ?? [];
  if (!words.length) return [{ segment, speaker: speakerOf(turns, segment.startMs, segment.endMs) }];
  const parts: Array<{ words: WordTiming[]; speaker: number }> = [];
  for (const word of words) {
    // A word of no length still belongs somewhere: the instant it was said.
    const speaker = speakerOf(turns, word.start_ms, Math.max(word.end_ms, word.start_ms + 1));
    const last = parts.at(-1);
    if (last?.speaker === speaker) last.words.push(word);
    else parts.push({ words: [word], speaker });
  }
  if (parts.length === 1) return [{ segment, speaker: parts[0].speaker }];
  return parts.map((part) => ({ segment: segmentOf(part.words, segment.confidence), speaker: part.speaker }));
}

/**
 * The transcript's readable segments labelled by speaker: each word goes to the speaker
 * whose turn covers most of it, a segment is cut where the speaker changes, and speakers are
 * named Speaker 1, Speaker 2 … in the order they are first heard in the text (a voice the
 * detector found but that said no word is left out).
 */
export function labelSpeakers(segments: readonly EngineSegment[], found: Diarization): { segments: EngineSegment[]; speakers: NamedSpeaker[] } {
  const turns = [...found.turns].filter((t) => t.endMs > t.startMs).sort((a, b) => a.startMs - b.startMs);
  if (!turns.length) return { segments: [...segments], speakers: [] };
  const index = indexTurns(turns);
  const cut = segments.flatMap((segment) => cutAtTurns(segment, index));
  const order = new Map<number, number>();
  for (const { speaker } of cut) if (!order.has(speaker)) order.set(speaker, order.size);
  const labelled = cut.map(({ segment, speaker }) => ({ ...segment, speaker: defaultSpeakerName(order.get(speaker)!) }));
  const speakers = found.speakers
    .filter((s) => order.has(s.speaker))
    .map((s) => ({ speaker: order.get(s.speaker)!, name: defaultSpeakerName(order.get(s.speaker)!), seconds: s.seconds, embedding: s.embedding }))
    .sort((a, b) => a.speaker - b.speaker);
  return { segments: labelled, speakers };
}
