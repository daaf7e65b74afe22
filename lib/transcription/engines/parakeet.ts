import { existsSync } from "node:fs";
import path from "node:path";
import { resolveParakeetModel } from "../models";
import { piecesAtOnce, whisperThreads } from "./capacity";
import { PermanentEngineError, type Engine, type EngineResult } from "./types";
import { asArrayBuffer, heardAudio, settled, whisperBinding, withParakeetContext } from "./whisper-binding";
import { piecewiseLive } from "./piecewise-live";

/**
 * The 25 languages of NVIDIA's Parakeet TDT 0.6B v3 (English and 24 European ones). It
 * hears which one is spoken by itself, and takes no language or prompt.
 */
const PARAKEET_LANGUAGES = new Set([
  "bg", "hr", "cs", "da", "nl", "en", "et", "fi", "fr", "de", "el", "hu", "it",
  "lv", "lt", "mt", "pl", "pt", "ro", "sk", "sl", "es", "sv", "ru", "uk",
]);

/**
 * Parakeet TDT through the whisper.cpp binding: faster than whisper on a CPU and, for
 * English, more accurate (Open ASR Leaderboard). Its segments carry times but no word
 * timings, so readableSegments cuts them at sentence ends.
 */
export const parakeetEngine: Engine = {
  name: "parakeet",
  // Its attention spans the whole input: two minutes keep memory modest and the first text close.
  pieceSeconds: 120,
  parallelism: () => piecesAtOnce(whisperThreads()),
  // Each 5–15 s piece is transcribed in a fraction of its length on the same threads.
  liveCores: () => whisperThreads() / 2,
  // It does not report the language it heard: a file's pieces are not held back to learn it.
  detectsLanguage: false,
  languages: () => PARAKEET_LANGUAGES,
  async availability() {
    const model = resolveParakeetModel();
    if (!model || !existsSync(model)) {
      return { available: false, reason: "No Parakeet model in data/models (ggml-parakeet-*.bin from ggml-org's parakeet-GGUF)." };
    }
    try {
      const { whisper } = await whisperBinding();
      if (typeof whisper.initParakeet !== "function") return { available: false, reason: "This build of the whisper.cpp binding has no Parakeet support." };
      return { available: true, setup: `${path.basename(model)}, ${whisperThreads()} threads × ${piecesAtOnce(whisperThreads())} at once.` };
    } catch (error) {
      return { available: false, reason: `The whisper.cpp binding could not be loaded: ${(error as Error).message}` };
    }
  },
  live: async (request) => piecewiseLive(parakeetEngine, request),
  async transcribe({ wavPath, durationS, language, signal, onProgress }): Promise<EngineResult> {
    const model = resolveParakeetModel();
    if (!model) throw new PermanentEngineError("No Parakeet model is configured.");
    return withParakeetContext(model, async (context) => {
      const { pcm, silent, toOriginal } = await heardAudio(wavPath, Math.round(durationS * 1000));
      if (silent) return { segments: [], language: language ?? undefined };
      signal?.throwIfAborted();
      const result = await settled("Parakeet", context.transcribeData(asArrayBuffer(pcm), { maxThreads: whisperThreads() }), signal);
      onProgress?.(1);
      const segments = result.segments
        .map((s) => ({ startMs: toOriginal(s.t0), endMs: toOriginal(s.t1), text: s.text.trim() }))
        .filter((s) => s.text);
      return { segments, language: language ?? undefined };
    });
  },
};
