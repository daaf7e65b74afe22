import { existsSync, statSync } from "node:fs";
import { promptFor } from "./vocabulary-prompt";
import path from "node:path";
import { env } from "@/lib/env";
import { resolveWhisperModel, vadModelFile } from "../models";
import { piecesAtOnce, whisperThreads } from "./capacity";
import { PermanentEngineError, type Engine, type EngineResult, type EngineSegment } from "./types";
import { asArrayBuffer, heardAudio, settled, whisperBinding, withWhisperContext, type WhisperContext } from "./whisper-binding";
import { withoutLoops, wordsFromTokens, type TimedText } from "./whisper-words";
import { agreementLive } from "./agreement-live";

/** Languages written without spaces between words: whisper's tokens cannot be joined into words there. */
const UNSPACED_LANGUAGES = new Set(["zh", "ja", "th", "lo", "my", "km", "yue", "bo"]);

/** The smallest real model (tiny) is 75 MB; the test suite's generated one is 4 MB. */
const MIN_MODEL_BYTES = 1_000_000;

interface WhisperRun {
  context: WhisperContext;
  pcm: Buffer;
  language: string | null;
  prompt?: string;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** one token per segment, so every word gets its own timing */
  tokens: boolean;
}

function runWhisper({ context, pcm, language, prompt, signal, onProgress, tokens }: WhisperRun) {
  signal?.throwIfAborted();
  const run = context.transcribeData(asArrayBuffer(pcm), {
    language: language ?? "auto",
    maxThreads: whisperThreads(),
    // Greedy at temperature 0, falling back to higher temperatures when a window's output
    // is too repetitive (compression ratio) or unsure (log-probability) — whisper.cpp's
    // guards against its own loops; no text where it finds no speech.
    temperature: 0,
    temperatureInc: 0.2,
    ...(tokens ? { tokenTimestamps: true, maxLen: 1 } : {}),
    ...(prompt ? { prompt } : {}),
    onProgress: (percent: number) => onProgress?.(percent / 100),
  });
  return settled("whisper.cpp", run, signal);
}

function segmentsOf(raw: readonly TimedText[], tokens: boolean, toOriginal: (ms: number) => number): EngineSegment[] {
  if (!tokens) {
    return raw
      .map((s) => ({ startMs: toOriginal(s.t0), endMs: toOriginal(s.t1), text: s.text.trim() }))
      .filter((s) => s.text && !/^[[(].*[\])]$/.test(s.text));
  }
  const words = withoutLoops(wordsFromTokens(raw)).map((w) => ({ ...w, start_ms: toOriginal(w.start_ms), end_ms: toOriginal(w.end_ms) }));
  if (!words.length) return [];
  // One segment of timed words: readableSegments cuts it at sentence ends and pauses.
  return [{ startMs: words[0].start_ms, endMs: words[words.length - 1].end_ms, text: words.map((w) => w.word).join(" "), words }];
}

export const whisperEngine: Engine = {
  name: "whisper",
  // Whisper hears 30-second windows; two minutes give it context and keep the first text close.
  pieceSeconds: 120,
  parallelism: () => piecesAtOnce(whisperThreads()),
  // A pass over the unconfirmed audio every second keeps its threads busy while someone speaks.
  liveCores: () => whisperThreads(),
  detectsLanguage: true,
  languages: () => "any",
  async availability() {
    const model = resolveWhisperModel();
    if (!model || !existsSync(model)) return { available: false, reason: "No whisper model in data/models (npm run models -- base)." };
    // whisper.cpp loads a file cut off before its weights as an empty model that hears nothing.
    if (statSync(model).size < MIN_MODEL_BYTES) {
      return { available: false, reason: `The whisper model ${path.basename(model)} is incomplete. Download it again with npm run models.` };
    }
    try {
      const { variant } = await whisperBinding();
      const build = variant === "default" ? "CPU build" : `${variant === "cuda" ? "CUDA" : "Vulkan"} build (the CPU when it finds no GPU)`;
      const vad = env().WHISPER_VAD && existsSync(vadModelFile()) ? "voice-activity model on" : "voice-activity model off";
      const lanes = piecesAtOnce(whisperThreads());
      return { available: true, setup: `${path.basename(model)}, ${build}, ${vad}, ${whisperThreads()} threads × ${lanes} ${lanes === 1 ? "piece" : "pieces"} at once.` };
    } catch (error) {
      return { available: false, reason: `The whisper.cpp binding could not be loaded: ${(error as Error).message}` };
    }
  },
  live: async (request) => agreementLive(whisperEngine, request),
  async transcribe({ wavPath, durationS, language, previousText, vocabulary, signal, onProgress }): Promise<EngineResult> {
    const prompt = promptFor(vocabulary, previousText);
    const model = resolveWhisperModel();
    if (!model) throw new PermanentEngineError("No whisper model is configured.");
    const durationMs = Math.round(durationS * 1000);
    return withWhisperContext(model, async (context) => {
      const { pcm: heard, silent, toOriginal } = await heardAudio(wavPath, durationMs);
      if (silent) return { segments: [], language: language ?? undefined };
      const tokens = !(language && UNSPACED_LANGUAGES.has(language));
      const result = await runWhisper({ context, pcm: heard, language, prompt, signal, onProgress, tokens });
      const detected = result.language || undefined;
      // Detected only now: a language without spaces needs whisper's own segments instead of joined tokens.
      if (tokens && !language && detected && UNSPACED_LANGUAGES.has(detected)) {
        const again = await runWhisper({ context, pcm: heard, language: detected, prompt, signal, tokens: false });
        return { segments: segmentsOf(again.segments, false, toOriginal), language: detected };
      }
      return { segments: segmentsOf(result.segments, tokens, toOriginal), language: detected };
    });
  },
};
