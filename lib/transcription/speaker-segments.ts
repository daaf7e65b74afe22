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


/** Index of the first turn that ends after `ms` (turns sorted by start, not overlapping). */
function firstEndingAfter(turns: readonly SpeakerTurn[], ms: number): number {
  let low = 0;
  let high = turns.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (turns[mid].endMs <= ms) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Who speaks from `startMs` to `endMs`: the speaker whose turns cover most of it; a span no
 * turn touches (detection heard no speech there) goes to the nearest turn's speaker.
 */
function speakerOf(turns: readonly SpeakerTurn[], startMs: number, endMs: number): number {
  const first = firstEndingAfter(turns, startMs);
  const covered = new Map<number, number>();
  for (let i = first; i < turns.length && turns[i].startMs < endMs; i++) {
    const overlap = Math.min(endMs, turns[i].endMs) - Math.max(startMs, turns[i].startMs);
    if (overlap > 0) covered.set(turns[i].speaker, (covered.get(turns[i].speaker) ?? 0) + overlap);
  }
  if (covered.size) return [...covered.entries()].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
  const before = turns[first - 1];
  const after = turns[first];
  if (!before) return after.speaker;
  if (!after) return before.speaker;
  return startMs - before.endMs <= after.startMs - endMs ? before.speaker : after.speaker;
}

/** One readable segment cut where the speaker changes, each part with its speaker's number. */
function cutAtTurns(segment: EngineSegment, turns: readonly SpeakerTurn[]): Array<{ segment: EngineSegment; speaker: number }> {
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
  const cut = segments.flatMap((segment) => cutAtTurns(segment, turns));
  const order = new Map<number, number>();
  for (const { speaker } of cut) if (!order.has(speaker)) order.set(speaker, order.size);
  const labelled = cut.map(({ segment, speaker }) => ({ ...segment, speaker: defaultSpeakerName(order.get(speaker)!) }));
  const speakers = found.speakers
    .filter((s) => order.has(s.speaker))
    .map((s) => ({ speaker: order.get(s.speaker)!, name: defaultSpeakerName(order.get(s.speaker)!), seconds: s.seconds, embedding: s.embedding }))
    .sort((a, b) => a.speaker - b.speaker);
  return { segments: labelled, speakers };
}
