import { agglomerate } from "./agglomerate";
import type { DiarizedSpeaker, LocalSpeaker, SpeakerTurn } from "./diarization";
import { cosine } from "./voice-similarity";

/**
 * Distance given to two speakers of the same chunk: that chunk's diarizer already told them
 * apart. Average linkage averages it into every pair of groups holding them, and it is so
 * large that any such group pair stays farther apart than any threshold (cosine distances are
 * at most 2) for up to ~700 chunk speakers a side, so a threshold never joins them; a given
 * number of speakers still can, as the last merges, when there is no other way to reach it.
 */
const SAME_CHUNK_DISTANCE = 1e6;

interface ClusteringOptions {
  /** how many speakers the user said there are; null: as many as the threshold gives */
  speakers: number | null;
  /** cosine distance (1 − similarity) under which two groups of chunk speakers are one voice */
  threshold: number;
}

const seconds = (local: LocalSpeaker) => local.turns.reduce((sum, turn) => sum + (turn.endMs - turn.startMs), 0) / 1000;

function distances(locals: LocalSpeaker[]): number[][] {
  return locals.map((a, i) =>
    locals.map((b, j) => {
      if (i === j) return 0;
      if (a.chunk === b.chunk) return SAME_CHUNK_DISTANCE;
      return 1 - (cosine(a.embedding, b.embedding) ?? -1);
    }),
  );
}

/** Which group each local speaker is in (indices into `locals`). */
function groups(locals: LocalSpeaker[], options: ClusteringOptions): number[][] {
  return agglomerate(distances(locals), options.speakers === null ? { threshold: options.threshold } : { count: options.speakers });
}

function unitMean(vectors: number[][], weights: number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const mean = new Array<number>(vectors[0].length).fill(0);
  vectors.forEach((vector, k) => vector.forEach((x, i) => (mean[i] += x * (total > 0 ? weights[k] : 1))));
  const norm = Math.hypot(...mean);
  return norm > 0 ? mean.map((x) => x / norm) : mean;
}

/** Turns in time order; a speaker's consecutive turns (nobody else's in between) become one. */
function mergedTurns(turns: SpeakerTurn[]): SpeakerTurn[] {
  const sorted = [...turns].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const merged: SpeakerTurn[] = [];
  for (const turn of sorted) {
    const last = merged.at(-1);
    if (last && last.speaker === turn.speaker) last.endMs = Math.max(last.endMs, turn.endMs);
    else merged.push({ ...turn });
  }
  return merged;
}

/**
 * The file's speakers from its chunks' speakers (lib/speakers/diarization.ts, LocalSpeaker):
 * agglomerative clustering (ml-hclust's `agnes`, average linkage) of their embeddings by
 * cosine distance, cut into `speakers` groups when the user said how many there are, else
 * wherever groups are farther apart than `threshold`. Two speakers of one chunk stay apart
 * unless only joining them reaches the number asked for. Speakers are numbered from 0 in order
 * of first appearance; each one's embedding is the mean of its chunk speakers' embeddings,
 * weighted by their seconds of speech, at unit length.
 *
 * There are few chunk speakers (chunks × speakers in a chunk: ~400 for 10 hours in 5-minute
 * chunks), so the full distance matrix and agnes's cubic merging cost little (~0.1 s for 300).
 */
export function clusterSpeakers(locals: LocalSpeaker[], options: ClusteringOptions): { turns: SpeakerTurn[]; speakers: DiarizedSpeaker[] } {
  const heard = locals.filter((local) => local.turns.length > 0);
  if (heard.length === 0) return { turns: [], speakers: [] };
  const found = groups(heard, options);
  // A loop, not Math.min(...all): a long file's speaker has more turns than a call takes arguments.
  const firstStart = (group: number[]) => group.reduce((first, i) => heard[i].turns.reduce((min, turn) => Math.min(min, turn.startMs), first), Infinity);
  const ordered = found.map((group) => ({ group, first: firstStart(group) })).sort((a, b) => a.first - b.first);

  const turns: SpeakerTurn[] = [];
  const speakers = ordered.map(({ group }, speaker): DiarizedSpeaker => {
    for (const i of group) for (const turn of heard[i].turns) turns.push({ startMs: turn.startMs, endMs: turn.endMs, speaker });
    const weights = group.map((i) => seconds(heard[i]));
    return {
      speaker,
      seconds: weights.reduce((sum, w) => sum + w, 0),
      embedding: unitMean(
        group.map((i) => heard[i].embedding),
        weights,
      ),
    };
  });
  return { turns: mergedTurns(turns), speakers };
}
