import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { env } from "@/lib/env";
import { vadModelFile } from "../models";
import { WAV_HEADER_BYTES } from "@/lib/audio/wav";
import { COMPACTED_GAP_MS, speechSpans, toOriginalTime } from "./speech-spans";
import { PermanentEngineError } from "./types";
import { log } from "@/lib/log/logger";

type WhisperModule = typeof import("@fugood/whisper.node");
export type WhisperContext = Awaited<ReturnType<WhisperModule["initWhisper"]>>;
type WhisperVadContext = Awaited<ReturnType<WhisperModule["initWhisperVad"]>>;
export type ParakeetContext = Awaited<ReturnType<WhisperModule["initParakeet"]>>;
type Variant = "default" | "cuda" | "vulkan";

export interface LoadedBinding {
  whisper: WhisperModule;
  variant: Variant;
}

const globalForWhisper = globalThis as unknown as {
  whisperBinding?: Promise<LoadedBinding>;
  whisperPools?: Map<string, ContextPool<ReleasableContext>>;
  whisperVad?: Map<string, Promise<WhisperVadContext>>;
};

/**
 * Whether this build of the native addon loads here (a CUDA build needs the CUDA runtime,
 * Vulkan its loader). Required by a name made at run time, from the app's own modules:
 * bundlers must not try to follow it.
 */
async function variantLoads(variant: Exclude<Variant, "default">): Promise<boolean> {
  try {
    const requireFromApp = createRequire(path.join(process.cwd(), "package.json"));
    requireFromApp(["@fugood/node-whisper", process.platform, process.arch, variant].join("-"));
    return true;
  } catch {
    return false;
  }
}

async function chooseVariant(): Promise<Variant> {
  const wanted = env().WHISPER_GPU;
  if (wanted === "off") return "default";
  if (wanted !== "auto") return wanted;
  if (await variantLoads("cuda")) return "cuda";
  if (await variantLoads("vulkan")) return "vulkan";
  return "default";
}

/**
 * The binding, loaded once per process in the build WHISPER_GPU asks for: `auto` takes
 * CUDA, then Vulkan, when their addon loads on this machine (whisper.cpp then runs on the
 * GPU, or on the CPU when the runtime finds no device), else the CPU build.
 */
export function whisperBinding(): Promise<LoadedBinding> {
  globalForWhisper.whisperBinding ??= (async () => {
    const whisper: WhisperModule = await import("@fugood/whisper.node");
    const variant = await chooseVariant();
    await whisper.loadWhisperModule(variant);
    return { whisper, variant };
  })();
  const loading = globalForWhisper.whisperBinding;
  loading.catch(() => {
    if (globalForWhisper.whisperBinding === loading) globalForWhisper.whisperBinding = undefined;
  });
  return loading;
}

/** What both kinds of model context have in common for pooling. */
interface ReleasableContext {
  release(): Promise<void>;
}

/** A kind of model as operators read about it, and how to get one. */
interface ModelKind {
  name: string;
  /** said when the file is missing */
  getOne: string;
  /** said when the file does not load */
  getAgain: string;
}

const WHISPER_KIND: ModelKind = {
  name: "whisper",
  getOne: "Download one with: npm run models -- base",
  getAgain: "download it again with npm run models.",
};

const PARAKEET_KIND: ModelKind = {
  name: "Parakeet",
  getOne: "Put a Parakeet TDT ggml file (ggml-parakeet-*.bin) in DATA_DIR/models, or set PARAKEET_MODEL.",
  getAgain: "download it again (ggml-org's parakeet-GGUF files).",
};

/**
 * Loaded contexts of one model. A context transcribes one thing at a time (the binding
 * locks it), so pieces that run at once each take their own; they are kept for the next job.
 */
class ContextPool<C extends ReleasableContext> {
  private idle: C[] = [];

  constructor(
    private readonly kind: ModelKind,
    private readonly modelPath: string,
    private readonly load: (binding: LoadedBinding) => Promise<C>,
  ) {}

  async acquire(): Promise<C> {
    const ready = this.idle.pop();
    if (ready) return ready;
    const binding = await whisperBinding();
    try {
      return await this.load(binding);
    } catch (error) {
      throw new PermanentEngineError(
        `The ${this.kind.name} model ${path.basename(this.modelPath)} could not be loaded (${(error as Error).message}). It may be corrupt: ${this.kind.getAgain}`,
      );
    }
  }

  giveBack(context: C): void {
    this.idle.push(context);
  }
}

/** A context of the model for one transcription, given back to its pool when the work ends. */
async function withPooledContext<C extends ReleasableContext, T>(
  kind: ModelKind,
  modelPath: string,
  load: (binding: LoadedBinding) => Promise<C>,
  work: (context: C) => Promise<T>,
): Promise<T> {
  if (!existsSync(modelPath)) {
    throw new PermanentEngineError(`The ${kind.name} model ${path.basename(modelPath)} is missing. ${kind.getOne}`);
  }
  const pools = (globalForWhisper.whisperPools ??= new Map());
  const key = `${kind.name}\u0000${modelPath}`;
  let pool = pools.get(key) as ContextPool<C> | undefined;
  if (!pool) {
    pool = new ContextPool(kind, modelPath, load);
    pools.set(key, pool as ContextPool<ReleasableContext>);
  }
  const context = await pool.acquire();
  let result: T;
  try {
    result = await work(context);
  } catch (error) {
    // A canceled run goes on in whisper.cpp until its piece is done (the binding has no
    // abort hook), holding the context: it is let go, freed when that run ends.
    if (error instanceof DOMException && error.name === "AbortError") void context.release().catch(() => {});
    else pool.giveBack(context);
    throw error;
  }
  pool.giveBack(context);
  return result;
}

/** A whisper context of the model for one transcription. */
export function withWhisperContext<T>(modelPath: string, work: (context: WhisperContext) => Promise<T>): Promise<T> {
  return withPooledContext(
    WHISPER_KIND,
    modelPath,
    ({ whisper, variant }) => whisper.initWhisper({ filePath: modelPath, useGpu: variant !== "default" }, variant),
    work,
  );
}

/** A Parakeet context of the model for one transcription. */
export function withParakeetContext<T>(modelPath: string, work: (context: ParakeetContext) => Promise<T>): Promise<T> {
  return withPooledContext(
    PARAKEET_KIND,
    modelPath,
    ({ whisper, variant }) => whisper.initParakeet({ filePath: modelPath, useGpu: variant !== "default" }, variant),
    work,
  );
}

/** The voice-activity model, loaded once per process; null when it cannot be loaded (whisper then hears everything). */
async function vadContext(modelPath: string): Promise<WhisperVadContext | null> {
  if (!existsSync(modelPath)) return null;
  const contexts = (globalForWhisper.whisperVad ??= new Map());
  let context = contexts.get(modelPath);
  if (!context) {
    context = whisperBinding().then(({ whisper }) => whisper.initWhisperVad({ filePath: modelPath, useGpu: false, nThreads: 1 }));
    contexts.set(modelPath, context);
    context.catch(() => contexts.delete(modelPath));
  }
  return context.catch((error: unknown) => {
    log().error({ err: error, model: path.basename(modelPath) }, "the voice-activity model could not be loaded");
    return null;
  });
}

/** A run of the binding: whisper's and Parakeet's transcribeData answer alike. */
interface NativeRun<R extends { isAborted: boolean }> {
  stop: () => Promise<void>;
  promise: Promise<R>;
}

/**
 * The run's result, or an AbortError as soon as the signal fires (the binding never settles
 * a stopped run's promise, so a cancel answers at once itself). The binding's own failure
 * is a permanent one, named for the engine.
 */
export async function settled<R extends { isAborted: boolean }>(engine: string, run: NativeRun<R>, signal?: AbortSignal): Promise<R> {
  let onAbort = () => {};
  const canceled = new Promise<never>((_, reject) => {
    onAbort = () => {
      void run.stop().catch(() => {});
      reject(new DOMException("Transcription canceled", "AbortError"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    const result = await Promise.race([
      run.promise.catch((error: unknown) => {
        throw new PermanentEngineError(`${engine} failed: ${(error as Error).message}`);
      }),
      canceled,
    ]);
    if (result.isAborted || signal?.aborted) throw new DOMException("Transcription canceled", "AbortError");
    return result;
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}

/** 16-bit samples per ms at 16 kHz. */
const BYTES_PER_MS = 32;

/** Samples as the binding reads them: a fresh ArrayBuffer of exactly these bytes (it copies them). */
export function asArrayBuffer(pcm: Buffer): ArrayBuffer {
  return pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength) as ArrayBuffer;
}

/** The audio with only the speech the voice-activity model hears, and the way back to original times. */
export interface HeardAudio {
  pcm: Buffer;
  /** no speech at all: nothing to transcribe */
  silent: boolean;
  toOriginal: (ms: number) => number;
}

/**
 * The WAV's samples, cut down to the speech the Silero model finds (spans back to back, a
 * short silence between) when WHISPER_VAD is on and the model loads; else all of them.
 */
export async function heardAudio(wavPath: string, durationMs: number): Promise<HeardAudio> {
  const pcm = (await readFile(wavPath)).subarray(WAV_HEADER_BYTES);
  const vad = env().WHISPER_VAD ? await vadContext(vadModelFile()) : null;
  if (!vad) return { pcm, silent: false, toOriginal: (ms) => ms };
  const spans = speechSpans(await vad.detectSpeechFile(wavPath), durationMs);
  const gap = Buffer.alloc(COMPACTED_GAP_MS * BYTES_PER_MS);
  return {
    pcm: Buffer.concat(spans.flatMap((s) => [pcm.subarray(s.startMs * BYTES_PER_MS, s.endMs * BYTES_PER_MS), gap])),
    silent: spans.length === 0,
    toOriginal: toOriginalTime(spans),
  };
}
