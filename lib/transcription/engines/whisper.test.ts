import { createReadStream, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { transcriptSegments, transcriptions } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { writeMicroVadModel, writeMicroWhisperModel } from "@/test/support/micro-whisper-model";
import { insertUser } from "@/test/support/users";
import { createTranscription } from "../create";
import { resolveWhisperModel, vadModelFile } from "../models";
import { PermanentEngineError } from "./types";
import { whisperEngine } from "./whisper";
import { withWhisperContext } from "./whisper-binding";
import { claimTranscription, runHeld } from "@/test/support/jobs";

// Build machines cannot download weights: test/support/micro-whisper-model.ts generates a
// valid ggml model (real vocabulary and mel filters, tiny weights, a scripted decoder), and
// the real whisper.cpp binding runs on it. The words are the script's; the structure —
// word timings, their order, progress, cancel, the voice-activity path — is the engine's.
const JFK_WAV = path.resolve(__dirname, "../../../test/fixtures/audio/jfk.wav");
const JFK_S = 11;

describe("whisper engine on the real binding", () => {
  const { dataDir } = useTestEnv({ WHISPER_VAD: "false" });
  const models = path.join(dataDir, "models");

  it("is unavailable without a model, with the command to get one", async () => {
    expect(resolveWhisperModel()).toBeNull();
    expect(await whisperEngine.availability()).toEqual({ available: false, reason: "No whisper model in data/models (npm run models -- base)." });
  });

  it("a missing model is a clear permanent error", async () => {
    const error = await withWhisperContext(path.join(models, "ggml-base.bin"), async () => "used").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentEngineError);
    expect((error as Error).message).toBe("The whisper model ggml-base.bin is missing. Download one with: npm run models -- base");
  });

  it("a corrupt model is a clear permanent error; a cut-off one is not offered", async () => {
    mkdirSync(models, { recursive: true });
    const corrupt = path.join(models, "ggml-tiny.bin");
    writeFileSync(corrupt, Buffer.alloc(2_000_000, 7));
    const error = await withWhisperContext(corrupt, async () => "used").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentEngineError);
    expect((error as Error).message).toMatch(/^The whisper model ggml-tiny.bin could not be loaded \(.+\)\. It may be corrupt/);
    writeFileSync(corrupt, "a download cut off early");
    expect(await whisperEngine.availability()).toEqual({
      available: false,
      reason: "The whisper model ggml-tiny.bin is incomplete. Download it again with npm run models.",
    });
  });

  describe("with a generated model", () => {
    beforeAll(async () => {
      mkdirSync(models, { recursive: true });
      process.env.WHISPER_MODEL = path.join(models, "ggml-micro.bin");
      await writeMicroWhisperModel(process.env.WHISPER_MODEL, { multilingual: true });
    });

    it("is available", async () => {
      expect(await whisperEngine.availability()).toEqual({
        available: true,
        // This machine's binding: Vulkan when its loader is installed (as here), else the CPU build.
        setup: expect.stringMatching(/^ggml-micro\.bin, (CPU|Vulkan|CUDA) build.*, voice-activity model off, \d+ threads × \d+ pieces? at once\.$/),
      });
    });

    it("gives every word its own timing, in order, inside the audio, with progress to the end", async () => {
      const progress: number[] = [];
      const result = await whisperEngine.transcribe({ wavPath: JFK_WAV, durationS: JFK_S, language: "en", onProgress: (f) => progress.push(f) });
      expect(result.language).toBe("en");
      expect(result.segments).toHaveLength(1);
      const [segment] = result.segments;
      const words = segment.words ?? [];
      expect(words.length).toBeGreaterThanOrEqual(3);
      expect(segment.text).toBe(words.map((w) => w.word).join(" "));
      expect(segment.startMs).toBe(words[0].start_ms);
      expect(segment.endMs).toBe(words.at(-1)!.end_ms);
      for (const [i, w] of words.entries()) {
        expect(w.word).toMatch(/^\S+$/);
        expect(w.start_ms).toBeLessThanOrEqual(w.end_ms);
        // milliseconds of this 11-second file, not whisper.cpp's 10 ms units
        expect(w.end_ms).toBeLessThanOrEqual(JFK_S * 1000);
        if (i > 0) expect(w.start_ms).toBeGreaterThanOrEqual(words[i - 1].start_ms);
      }
      expect(progress.at(-1)).toBe(1);
    });

    it("detects the language when none is asked for, and takes the previous piece's text as prompt", async () => {
      const result = await whisperEngine.transcribe({ wavPath: JFK_WAV, durationS: JFK_S, language: null, previousText: "And so, my fellow Americans," });
      expect(result.language).toMatch(/^[a-z]{2,3}$/);
      expect(result.segments[0].words?.length).toBeGreaterThan(0);
    });

    it("gives whisper the vocabulary as its prompt: the prompt's tokens take the scripted decoder's first places", async () => {
      // The generated decoder emits its script by position (see micro-whisper-model.ts), so
      // the prompt whisper.cpp puts before <|startoftranscript|> shifts the script: "John
      // Dashwood." is four GPT-2 tokens, and the script then starts at its second segment
      // (" a micro"). A prompt that never reached the decoder would change nothing.
      const textOf = async (vocabulary?: { term: string; sounds_like: string[] }[]) => {
        const result = await whisperEngine.transcribe({ wavPath: JFK_WAV, durationS: JFK_S, language: "en", vocabulary });
        return result.segments.map((s) => s.text).join(" ");
      };
      expect(await textOf()).toBe("This is a micro whisper model");
      expect(await textOf([])).toBe("This is a micro whisper model");
      expect(await textOf([{ term: "John Dashwood", sounds_like: ["john guess what"] }])).toBe("a micro whisper model");
    });

    it("stops at once when canceled, and the next transcription still works", async () => {
      const abort = new AbortController();
      const started = Date.now();
      const run = whisperEngine.transcribe({ wavPath: JFK_WAV, durationS: JFK_S, language: "en", signal: abort.signal });
      setTimeout(() => abort.abort(), 5);
      const error = await run.catch((e: unknown) => e);
      expect((error as Error).name).toBe("AbortError");
      expect(Date.now() - started).toBeLessThan(2000);
      const after = await whisperEngine.transcribe({ wavPath: JFK_WAV, durationS: JFK_S, language: "en" });
      expect(after.segments.length).toBeGreaterThan(0);
    });

    it("with the voice-activity model, hears only where it finds speech and keeps times in the original", async () => {
      process.env.WHISPER_VAD = "true";
      await writeMicroVadModel(vadModelFile());
      try {
        const result = await whisperEngine.transcribe({ wavPath: JFK_WAV, durationS: JFK_S, language: "en" });
        const words = result.segments.flatMap((s) => s.words ?? []);
        expect(words.length).toBeGreaterThan(0);
        for (const w of words) {
          expect(w.start_ms).toBeGreaterThanOrEqual(0);
          expect(w.end_ms).toBeLessThanOrEqual(JFK_S * 1000);
        }
      } finally {
        process.env.WHISPER_VAD = "false";
      }
    });
  });
});

describe.each(BACKENDS.slice(0, 1))("the pipeline with whisper on %s", (_name, open) => {
  const { dataDir } = useTestEnv({ TRANSCRIBE_ENGINE: "whisper", WHISPER_VAD: "false" });
  beforeAll(async () => {
    process.env.WHISPER_MODEL = path.join(dataDir, "ggml-micro.bin");
    await writeMicroWhisperModel(process.env.WHISPER_MODEL, { multilingual: true });
  });
  const t = useOpenedDatabase(open);

  it("an upload comes back from whisper as timed words in readable segments", async () => {
    const db = t.db;
    const created = await createTranscription(db, {
      userId: await insertUser(db),
      body: Readable.toWeb(createReadStream(JFK_WAV)) as ReadableStream<Uint8Array>,
      declaredBytes: null,
      filename: "jfk.wav",
      contentType: "audio/wav",
      language: null,
      source: "upload",
    });
    const job = await claimTranscription(db, "test-worker", 30_000);
    expect(await runHeld(db, job!)).toBe("done");
    const [done] = await db.select().from(transcriptions).where(eq(transcriptions.id, created.id));
    expect(done).toMatchObject({ status: "done", engine: "whisper", progress: 100 });
    expect(done.detectedLanguage).toMatch(/^[a-z]{2,3}$/);
    const segments = await db.select().from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, created.id));
    expect(segments.length).toBeGreaterThan(0);
    for (const s of segments) {
      expect(s.words?.length).toBeGreaterThan(0);
      expect(s.endMs).toBeLessThanOrEqual(JFK_S * 1000 + 100);
    }
  });
});
