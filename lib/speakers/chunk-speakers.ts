import { agglomerate, type Cut } from "./agglomerate";
import type { LocalSpeaker } from "./diarization";
import { FEATURES, FRAME_MS, WINDOW_FRAMES, WINDOW_HOP_FRAMES, type ChunkFeatures, type FeatureWindow } from "./mfcc-windows";
import { cosine } from "./voice-similarity";

/**
 * The voices of one chunk, from its windows' MFCC summaries (lib/speakers/mfcc-windows.ts):
 * 1. change detection: the speech is cut where two back-to-back windows differ most (a peak
 *    of their cosine distance above CHANGE_DISTANCE) and at every pause, into runs that are
 *    each most likely one voice;
 * 2. the runs are clustered (lib/speakers/agglomerate.ts) into voices;
 * 3. every window then goes to the voice it is closest to, which mends a change the first
 *    step missed, and no turn stays shorter than MIN_TURN_MS: a shorter one is given to its
 *    longer neighbour (a window of 1.5 s cannot place a shorter turn reliably).
 */

/** Cosine distance between two back-to-back windows above which a peak is a change of voice. */
const CHANGE_DISTANCE = 0.05;
const MIN_TURN_MS = 1000;
const MIN_TURN_FRAMES = MIN_TURN_MS / FRAME_MS;

/** 1 for a silent (zero) window: it is like nothing. */
const cosineDistance = (a: Float64Array, b: Float64Array): number => 1 - (cosine(a, b) ?? 0);

/** The mean of windows' vectors, each weighted by its speech frames. */
function meanVector(windows: FeatureWindow[]): Float64Array {
  const mean = new Float64Array(FEATURES);
  for (const window of windows) for (let i = 0; i < FEATURES; i++) mean[i] += window.vector[i] * window.speechFrames;
  return mean;
}

const gridIndex = (window: FeatureWindow) => window.start / WINDOW_HOP_FRAMES;

/** Runs of windows (indices into `windows`) between pauses and changes of voice. */
function speechRuns(windows: FeatureWindow[]): number[][] {
  const byGrid = new Map(windows.map((window, i) => [gridIndex(window), i]));
  // change[k]: how unlike window k is the window right after it (k + 2 on the grid, back to back).
  const change = windows.map((window) => {
    const next = byGrid.get(gridIndex(window) + 2);
    return next === undefined || !byGrid.has(gridIndex(window) + 1) ? 0 : cosineDistance(window.vector, windows[next].vector);
  });
  const changeBefore = new Set<number>();
  change.forEach((distance, i) => {
    const peak = distance > CHANGE_DISTANCE && distance >= (change[i - 1] ?? 0) && distance >= (change[i + 1] ?? 0);
    // The change lies where window i ends, the middle of window i + 1: that window starts the new run.
    const after = byGrid.get(gridIndex(windows[i]) + 1);
    if (peak && after !== undefined) changeBefore.add(after);
  });
  const runs: number[][] = [];
  windows.forEach((window, i) => {
    const pause = i === 0 || gridIndex(windows[i - 1]) !== gridIndex(window) - 1;
    if (pause || changeBefore.has(i)) runs.push([]);
    runs[runs.length - 1].push(i);
  });
  return runs;
}

/**
 * At most this many runs go to the clustering, whose cost is cubic in their number and which
 * runs in one go on the worker's thread (the app's own, on embedded PGlite): 120 take ~10 ms.
 */
const MAX_RUNS = 120;

/** Busy speech cut into more runs than MAX_RUNS: the most alike neighbours joined until it is not. */
function fewerRuns(runs: number[][], windows: FeatureWindow[]): number[][] {
  const joined = runs.map((run) => [...run]);
  const vectors = joined.map((run) => meanVector(run.map((i) => windows[i])));
  while (joined.length > MAX_RUNS) {
    let best = 0;
    for (let i = 1; i + 1 < joined.length; i++) if (cosineDistance(vectors[i], vectors[i + 1]) < cosineDistance(vectors[best], vectors[best + 1])) best = i;
    joined.splice(best, 2, [...joined[best], ...joined[best + 1]]);
    vectors.splice(best, 2, meanVector(joined[best].map((i) => windows[i])));
  }
  return joined;
}

/** Each window's voice (an index into the clusters): the runs clustered, then every window moved to the nearest voice. */
function windowVoices(windows: FeatureWindow[], cut: Cut | "one"): number[] {
  if (cut === "one") return windows.map(() => 0);
  const runs = fewerRuns(speechRuns(windows), windows);
  const runVectors = runs.map((run) => meanVector(run.map((i) => windows[i])));
  const clusters = agglomerate(
    runVectors.map((a) => runVectors.map((b) => cosineDistance(a, b))),
    cut,
  );
  const centroids = clusters.map((cluster) => meanVector(cluster.flatMap((r) => runs[r].map((i) => windows[i]))));
  return windows.map((window) => {
    let best = 0;
    centroids.forEach((centroid, c) => {
      if (cosineDistance(window.vector, centroid) < cosineDistance(window.vector, centroids[best])) best = c;
    });
    return best;
  });
}

interface LabelRun {
  voice: number;
  start: number;
  end: number;
}

/** Each speech frame's voice: that of the window whose middle is nearest; runs of one voice, in frames. */
function labelRuns(features: ChunkFeatures, voices: number[]): LabelRun[] {
  const runs: LabelRun[] = [];
  const middle = (w: number) => features.windows[w].start + WINDOW_FRAMES / 2;
  let w = 0;
  for (let f = 0; f < features.frames; f++) {
    if (!features.speech[f]) continue;
    while (w + 1 < features.windows.length && Math.abs(middle(w + 1) - f) <= Math.abs(middle(w) - f)) w++;
    const last = runs.at(-1);
    if (last && last.voice === voices[w]) last.end = f + 1;
    else runs.push({ voice: voices[w], start: f, end: f + 1 });
  }
  return runs;
}

/** No run shorter than MIN_TURN_FRAMES: the shortest goes to its longer neighbour, and again, until none is left. */
function smoothed(runs: LabelRun[]): LabelRun[] {
  const result = runs.map((run) => ({ ...run }));
  const length = (run: LabelRun) => run.end - run.start;
  for (;;) {
    let shortest = -1;
    result.forEach((run, i) => {
      if (length(run) < MIN_TURN_FRAMES && (shortest < 0 || length(run) < length(result[shortest]))) shortest = i;
    });
    if (shortest < 0 || result.length === 1) return result;
    const before = result[shortest - 1];
    const after = result[shortest + 1];
    const into = !after || (before && length(before) >= length(after)) ? shortest - 1 : shortest + 1;
    const merged = { voice: result[into].voice, start: Math.min(result[into].start, result[shortest].start), end: Math.max(result[into].end, result[shortest].end) };
    result.splice(Math.min(into, shortest), 2, merged);
    // The neighbours on both sides may now be one voice.
    for (let i = result.length - 1; i > 0; i--) {
      if (result[i - 1].voice === result[i].voice) result.splice(i - 1, 2, { voice: result[i].voice, start: result[i - 1].start, end: result[i].end });
    }
  }
}

/** The stretches of speech inside [start, end), in frames. */
function speechIn(speech: Uint8Array, start: number, end: number): Array<[number, number]> {
  const stretches: Array<[number, number]> = [];
  for (let f = start; f < end; f++) {
    if (!speech[f]) continue;
    if (stretches.length > 0 && stretches[stretches.length - 1][1] === f) stretches[stretches.length - 1][1] = f + 1;
    else stretches.push([f, f + 1]);
  }
  return stretches;
}

function unit(vector: Float64Array): number[] {
  const norm = Math.hypot(...vector);
  return Array.from(vector, (x) => (norm > 0 ? x / norm : 0));
}

/**
 * The chunk's speakers: their turns (stretches of speech, in ms of the whole file) and an
 * embedding each, the unit-length mean of their windows' MFCC summaries. `cut` says how many
 * voices to look for: "one" (the user said there is one), a number, or a cosine threshold.
 */
export function chunkSpeakers(features: ChunkFeatures, chunk: number, offsetMs: number, cut: Cut | "one"): LocalSpeaker[] {
  const { windows } = features;
  if (windows.length === 0) return [];
  const voices = windowVoices(windows, cut);
  const runs = smoothed(labelRuns(features, voices));
  const ms = (frame: number) => Math.round(offsetMs + frame * FRAME_MS);
  return [...new Set(runs.map((run) => run.voice))].map((voice) => ({
    chunk,
    turns: runs
      .filter((run) => run.voice === voice)
      .flatMap((run) => speechIn(features.speech, run.start, run.end))
      .map(([start, end]) => ({ startMs: ms(start), endMs: ms(end) })),
    embedding: unit(meanVector(windows.filter((_, i) => voices[i] === voice))),
  }));
}
