import { mkdtempSync, rmSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { writeMicroVadModel, writeMicroWhisperModel } from "@/test/support/micro-whisper-model";

type WhisperModule = typeof import("@fugood/whisper.node");
type TranscribeResult = Awaited<ReturnType<Awaited<ReturnType<WhisperModule["initWhisper"]>>["transcribeFile"]>["promise"]>;
type Segment = TranscribeResult["segments"][number];

// 16 kHz mono 16-bit PCM, 11.0 s: the format the binding's reader expects.
const JFK_WAV = path.resolve(__dirname, "../fixtures/audio/jfk.wav");
const JFK_MS = 11_000;
// The binding reports transcription segments in milliseconds but VAD segments in centiseconds.
const JFK_CS = 1_101;

const transcribeOptions = { tokenTimestamps: true, maxLen: 1, maxThreads: 1 };

function expectOrderedTimes(segments: Array<{ t0: number; t1: number }>, end: number) {
  segments.forEach((segment, i) => {
    expect(typeof segment.t0).toBe("number");
    expect(typeof segment.t1).toBe("number");
    expect(segment.t0).toBeLessThanOrEqual(segment.t1);
    expect(segment.t1).toBeLessThanOrEqual(end);
    if (i > 0) expect(segment.t0).toBeGreaterThanOrEqual(segments[i - 1].t0);
  });
}

/** Settles `promise` against a deadline, to observe a promise that may never settle. */
function outcomeWithin(promise: Promise<unknown>, ms: number): Promise<"resolved" | "rejected" | "pending"> {
  return Promise.race([
    promise.then(
      () => "resolved" as const,
      () => "rejected" as const,
    ),
    new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), ms)),
  ]);
}

describe("micro whisper model on the real whisper.cpp binding", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "micro-whisper-"));
  const modelPath = path.join(dir, "ggml-micro.en.bin");
  const vadPath = path.join(dir, "ggml-micro-vad.bin");
  let whisper: WhisperModule;
  // The native log is routed here: it keeps the output quiet and says why a model was refused.
  const nativeLog: string[] = [];
  let logListener: { remove: () => void };

  /** Native log lines arrive through a thread-safe function, a few ticks after the call. */
  async function nativeErrors(): Promise<string[]> {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return nativeLog.filter((line) => line.startsWith("error") || line.startsWith("warn"));
  }

  beforeAll(async () => {
    whisper = await import("@fugood/whisper.node");
    logListener = whisper.addNativeLogListener((level, text) => nativeLog.push(`${level}: ${text.trim()}`));
    await whisper.toggleNativeLog(true);
    await Promise.all([writeMicroWhisperModel(modelPath), writeMicroVadModel(vadPath)]);
  });

  beforeEach(() => {
    nativeLog.length = 0;
  });

  afterAll(async () => {
    logListener.remove();
    await whisper.toggleNativeLog(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it("transcribes a real WAV with token timestamps, progress and per-word segments", async () => {
    const context = await whisper.initWhisper({ filePath: modelPath, useGpu: false });
    try {
      const progress: number[] = [];
      const streamed: Segment[] = [];
      const result = await context.transcribeFile(JFK_WAV, {
        ...transcribeOptions,
        onProgress: (percent) => progress.push(percent),
        onNewSegments: ({ segments }) => streamed.push(...segments),
      }).promise;

      expect(result.isAborted).toBe(false);
      expect(progress.length).toBeGreaterThan(0);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.at(-1)).toBe(100);

      // The scripted decoder (see SCRIPT in the generator) guarantees several segments.
      expect(result.segments.length).toBeGreaterThan(2);
      expectOrderedTimes(result.segments, JFK_MS);
      expect(result.result).toBe(result.segments.map((segment) => segment.text).join(""));
      // maxLen 1 with token timestamps splits every segment down to one token each.
      for (const { text } of result.segments) expect(text.trim()).not.toContain(" ");
      expect(streamed).toEqual(result.segments);
    } finally {
      await context.release();
    }
  });

  it("a multilingual micro model transcribes with language detection", async () => {
    const multilingualPath = path.join(dir, "ggml-micro.bin");
    await writeMicroWhisperModel(multilingualPath, { multilingual: true, seed: 2 });
    const context = await whisper.initWhisper({ filePath: multilingualPath, useGpu: false });
    try {
      const result = await context.transcribeFile(JFK_WAV, { ...transcribeOptions, language: "auto" }).promise;
      expect(result.language).toMatch(/^[a-z]{2,3}$/);
      expect(result.segments.length).toBeGreaterThan(2);
      expectOrderedTimes(result.segments, JFK_MS);
    } finally {
      await context.release();
    }
  });

  it("stop() leaves the transcription promise pending forever (binding bug)", async () => {
    const context = await whisper.initWhisper({ filePath: modelPath, useGpu: false });
    try {
      // With a progress callback, like the engine: its thread-safe function must not outlive the job either.
      const { stop, promise } = context.transcribeFile(JFK_WAV, { ...transcribeOptions, onProgress: () => undefined });
      await stop();
      // A cancelled job ends in SetError("Transcription cancelled"), but the worker keeps node-addon-api's
      // default OnError, which calls back with the error alone, and the binding's callback only settles the
      // promise when given two arguments. So it neither resolves with isAborted nor rejects: callers must
      // not await the promise alone after stop(). The whole uncancelled run takes well under a second.
      expect(await outcomeWithin(promise, 3_000)).toBe("pending");

      // The context itself stays usable.
      const next = await context.transcribeFile(JFK_WAV, transcribeOptions).promise;
      expect(next.isAborted).toBe(false);
      expect(next.segments.length).toBeGreaterThan(0);
    } finally {
      await context.release();
    }
  });

  it("refuses a missing model with an error", async () => {
    const missing = path.join(dir, "ggml-missing.bin");
    await expect(whisper.initWhisper({ filePath: missing, useGpu: false })).rejects.toThrow("Failed to initialize whisper context");
    expect(await nativeErrors()).toContainEqual(expect.stringContaining(`failed to open '${missing}'`));
  });

  it("refuses random bytes with an error", async () => {
    const garbage = path.join(dir, "ggml-garbage.bin");
    await writeFile(garbage, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    await expect(whisper.initWhisper({ filePath: garbage, useGpu: false })).rejects.toThrow("Failed to initialize whisper context");
    expect(await nativeErrors()).toContainEqual(expect.stringContaining("invalid model data (bad magic)"));
  });

  it("refuses a copy truncated inside its tensor data with an error", async () => {
    const model = await readFile(modelPath);
    const truncated = path.join(dir, "ggml-truncated.bin");
    // Half way is inside the token embedding, the largest tensor.
    await writeFile(truncated, model.subarray(0, Math.floor(model.length / 2)));
    await expect(whisper.initWhisper({ filePath: truncated, useGpu: false })).rejects.toThrow("Failed to initialize whisper context");
    expect(await nativeErrors()).toContainEqual(expect.stringContaining("not all tensors loaded"));
  });

  it("loads a copy truncated before its first tensor: whisper.cpp takes it for a weightless test model", async () => {
    const model = await readFile(modelPath);
    const truncated = path.join(dir, "ggml-header-only.bin");
    // 100 kB ends inside the vocabulary; the loader reads on past EOF and finds zero tensors.
    await writeFile(truncated, model.subarray(0, 100_000));
    const context = await whisper.initWhisper({ filePath: truncated, useGpu: false });
    await context.release();
    expect(await nativeErrors()).toContainEqual(expect.stringContaining("no tensors loaded from model file"));
  });

  it("the micro VAD model detects speech segments in a real WAV", async () => {
    const vad = await whisper.initWhisperVad({ filePath: vadPath, useGpu: false, nThreads: 1 });
    try {
      const segments = await vad.detectSpeechFile(JFK_WAV);
      expect(Array.isArray(segments)).toBe(true);
      expect(segments.length).toBeGreaterThan(0);
      expectOrderedTimes(segments, JFK_CS);
      for (const { t0, t1 } of segments) expect(t0).toBeLessThan(t1);
    } finally {
      await vad.release();
    }
  });

  it("refuses missing and corrupt VAD models with an error", async () => {
    const garbage = path.join(dir, "vad-garbage.bin");
    await writeFile(garbage, Buffer.alloc(4096, 0x5a));
    const vad = await readFile(vadPath);
    const truncated = path.join(dir, "vad-truncated.bin");
    await writeFile(truncated, vad.subarray(0, Math.floor(vad.length / 2)));
    for (const filePath of [path.join(dir, "vad-missing.bin"), garbage, truncated]) {
      await expect(whisper.initWhisperVad({ filePath, useGpu: false, nThreads: 1 })).rejects.toThrow("Failed to initialize whisper vad context");
    }
  });
});
