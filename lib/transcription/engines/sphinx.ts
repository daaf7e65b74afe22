import { existsSync } from "node:fs";
import { CommandNotFound, run } from "@/lib/process/run";
import { PermanentEngineError, type Engine, type EngineResult, type EngineSegment } from "./types";
import { env } from "@/lib/env";
import { piecesAtOnce } from "./capacity";
import { sphinxLive } from "./sphinx-live";
import { sphinxStreamsWords } from "./sphinx-stream";
import { parseSphinxOutput } from "./sphinx-output";
import { keywordsOf, placeSpots, spotKeywords } from "./sphinx-keywords";

export const SPHINX_COMMAND = () => env().POCKETSPHINX_PATH;
// The model the Debian CLI uses by default (package pocketsphinx-en-us).
const modelDir = () => env().POCKETSPHINX_MODEL_DIR;

/** Share of one core a live PocketSphinx recording uses, words shown as spoken (bench:live: 0.35–0.42 at 1–4 at once on 2 cores). */
const SPHINX_LIVE_CORES = 0.42;

/** The shortest pause left between two utterances when a clock jump is closed. */
const MIN_UTTERANCE_GAP_MS = 200;

/**
 * PocketSphinx sometimes moves its clock ahead at an utterance boundary: on a 73-second
 * piece of continuous speech the next utterance started 40 s after the last one ended,
 * and the words ran to 113 s. When the times run past the audio's end, the widest gaps
 * between utterances are closed by the excess (widest first), moving everything after them.
 */
export function closeClockJumps(segments: EngineSegment[], durationMs: number): EngineSegment[] {
  let excess = (segments.at(-1)?.endMs ?? 0) - durationMs;
  if (excess <= 0) return segments;
  const shifts = new Array<number>(segments.length).fill(0);
  const gapBefore = (i: number) => segments[i].startMs - shifts[i] - (segments[i - 1].endMs - shifts[i - 1]);
  // Widest gaps first, leaving a short pause; only if that is not enough, no pause at all.
  for (const keep of [MIN_UTTERANCE_GAP_MS, 0]) {
    const widest = segments.map((_, i) => i).slice(1).sort((a, b) => gapBefore(b) - gapBefore(a));
    for (const i of widest) {
      if (excess <= 0) break;
      const close = Math.min(excess, gapBefore(i) - keep);
      if (close <= 0) continue;
      for (let k = i; k < segments.length; k++) shifts[k] += close;
      excess -= close;
    }
  }
  return segments.map((s, i) => {
    const by = shifts[i];
    if (!by) return s;
    return {
      ...s,
      startMs: s.startMs - by,
      endMs: s.endMs - by,
      words: s.words?.map((w) => ({ ...w, start_ms: w.start_ms - by, end_ms: w.end_ms - by })),
    };
  });
}

/** CMU PocketSphinx through its CLI: offline, English only, the engine of last resort. */
export const sphinxEngine: Engine = {
  name: "sphinx",
  // About 25 s of work per piece here (it runs at ~0.4 × real time on one core).
  pieceSeconds: 60,
  // One process uses one core.
  parallelism: () => piecesAtOnce(1),
  liveCores: () => SPHINX_LIVE_CORES,
  detectsLanguage: false,
  languages: () => new Set(["en"]),
  async availability() {
    try {
      await run(SPHINX_COMMAND(), ["-h"], { maxOutput: 2000, timeoutMs: 10_000 });
      if (!existsSync(modelDir())) {
        return { available: false, reason: "PocketSphinx is installed but its English model is missing (pocketsphinx-en-us)." };
      }
      const lanes = piecesAtOnce(1);
      const live = (await sphinxStreamsWords())
        ? "Live recordings show words as they are spoken."
        : "Live recordings show a sentence at a time: install python3-pocketsphinx to show words as they are spoken.";
      return { available: true, setup: `${lanes} ${lanes === 1 ? "process" : "processes"} at once, one per core. ${live}` };
    } catch (error) {
      if (error instanceof CommandNotFound) return { available: false, reason: "PocketSphinx is not installed." };
      return { available: false, reason: (error as Error).message };
    }
  },
  live: sphinxLive,
  async transcribe({ wavPath, durationS, language, vocabulary, signal, onProgress }): Promise<EngineResult> {
    if (language && language !== "en") throw new PermanentEngineError("PocketSphinx transcribes English only.");
    let seen = "";
    // It runs at about half real time here; four times the audio's length means it is stuck.
    const timeoutMs = 60_000 + durationS * 4000;
    const { code, stdout, stderr } = await run(SPHINX_COMMAND(), ["-infile", wavPath, "-time", "yes", "-logfn", "/dev/null"], {
      signal,
      timeoutMs,
      onStdout: (chunk) => {
        seen = (seen + chunk).slice(-200);
        const ends = [...seen.matchAll(/<\/s> \d+\.\d+ (\d+\.\d+)/g)];
        const last = ends.at(-1);
        if (last && durationS > 0) onProgress?.(Math.min(1, Number(last[1]) / durationS));
      },
    });
    if (code !== 0) throw new PermanentEngineError(`PocketSphinx failed: ${stderr.trim().split("\n").at(-1) ?? `exit ${code}`}`);
    // Both passes run on the same clock: the terms are placed before the clock's jumps are closed.
    const spots = await spotKeywords(wavPath, await keywordsOf(vocabulary ?? []), { signal, timeoutMs });
    return { segments: closeClockJumps(placeSpots(parseSphinxOutput(stdout), spots), Math.round(durationS * 1000)), language: "en" };
  },
};
