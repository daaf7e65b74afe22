import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { PermanentEngineError, type Engine, type EngineResult } from "./types";

// Largest first: when several models are present the best one is used.
const MODEL_PREFERENCE = ["large-v3-turbo", "large-v3", "large-v2", "large", "medium", "small", "base", "tiny"];

export function modelsDir(): string {
  return path.resolve(env().DATA_DIR, "models");
}

/** WHISPER_MODEL (a path or a file name in data/models), else the best ggml model present. */
export function resolveWhisperModel(): string | null {
  const configured = env().WHISPER_MODEL;
  if (configured) {
    const candidate = path.isAbsolute(configured) ? configured : path.join(modelsDir(), configured);
    return candidate;
  }
  if (!existsSync(modelsDir())) return null;
  const files = readdirSync(modelsDir()).filter((f) => /^ggml-.+\.bin$/.test(f));
  const rank = (f: string) => {
    const i = MODEL_PREFERENCE.findIndex((m) => f.includes(`-${m}`));
    return i === -1 ? MODEL_PREFERENCE.length : i;
  };
  const best = files.sort((a, b) => rank(a) - rank(b))[0];
  return best ? path.join(modelsDir(), best) : null;
}

type WhisperModule = typeof import("@fugood/whisper.node");
type WhisperContext = Awaited<ReturnType<WhisperModule["initWhisper"]>>;

const globalForWhisper = globalThis as unknown as { whisperContexts?: Map<string, Promise<WhisperContext>> };

/** Loads a model once per process; a missing or unreadable model is a clear, final error. */
export async function loadWhisperContext(modelPath: string): Promise<WhisperContext> {
  if (!existsSync(modelPath)) {
    throw new PermanentEngineError(`The whisper model ${path.basename(modelPath)} is missing. Download one with: npm run models -- base`);
  }
  const contexts = (globalForWhisper.whisperContexts ??= new Map());
  let context = contexts.get(modelPath);
  if (!context) {
    context = (async () => {
      const whisper: WhisperModule = await import("@fugood/whisper.node");
      try {
        return await whisper.initWhisper({ filePath: modelPath, useGpu: false });
      } catch (error) {
        throw new PermanentEngineError(
          `The whisper model ${path.basename(modelPath)} could not be loaded (${(error as Error).message}). It may be corrupt: download it again with npm run models.`,
        );
      }
    })();
    contexts.set(modelPath, context);
    context.catch(() => contexts.delete(modelPath));
  }
  return context;
}

export const whisperEngine: Engine = {
  name: "whisper",
  chunkSeconds: 600,
  detectsLanguage: true,
  languages: () => "any",
  async availability() {
    const model = resolveWhisperModel();
    if (!model || !existsSync(model)) return { available: false, reason: "No whisper model in data/models (npm run models -- base)." };
    try {
      // Loads the native addon itself (a plain import only loads the JS wrapper).
      const whisper: WhisperModule = await import("@fugood/whisper.node");
      await whisper.loadWhisperModule();
      return { available: true };
    } catch (error) {
      return { available: false, reason: `The whisper.cpp binding could not be loaded: ${(error as Error).message}` };
    }
  },
  async transcribe({ wavPath, language, signal, onProgress }): Promise<EngineResult> {
    const model = resolveWhisperModel();
    if (!model) throw new PermanentEngineError("No whisper model is configured.");
    const context = await loadWhisperContext(model);
    const { stop, promise } = context.transcribeFile(wavPath, {
      language: language ?? "auto",
      maxThreads: env().WHISPER_THREADS,
      onProgress: (percent: number) => onProgress?.(percent / 100),
    });
    const onAbort = () => void stop();
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const result = await promise;
      if (result.isAborted) throw new DOMException("Transcription canceled", "AbortError");
      return {
        // whisper.cpp reports times in 10 ms units
        segments: result.segments
          .map((s) => ({ startMs: s.t0 * 10, endMs: s.t1 * 10, text: s.text.trim() }))
          .filter((s) => s.text),
        language: result.language,
      };
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  },
};
