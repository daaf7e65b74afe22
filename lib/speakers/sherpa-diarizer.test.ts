import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { wavHeader } from "@/lib/audio/wav";
import { MICRO_EMBEDDING_DIM, microEmbeddingModel, writeMicroDiarizationModels, type MicroDiarizationModels } from "@/test/support/micro-diarization-models";
import { DiarizationError, type DiarizeRequest, type LocalSpeaker } from "./diarization";
import { diarizeWithSherpa } from "./sherpa-diarizer";

const JFK_WAV = path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav");
const JFK_MS = 11_000;

let dir: string;
let models: MicroDiarizationModels;

/** JFK's 16 kHz samples (the data chunk of the fixture, which also holds a LIST chunk). */
function jfkSamples(): Buffer {
  const file = readFileSync(JFK_WAV);
  for (let offset = 12; offset + 8 <= file.length; ) {
    const size = file.readUInt32LE(offset + 4);
    if (file.toString("ascii", offset, offset + 4) === "data") return file.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error("jfk.wav has no data chunk");
}

/** A normalised WAV of exactly `seconds`, JFK's speech on loop. */
function loopedJfk(name: string, seconds: number): string {
  const jfk = jfkSamples();
  const data = Buffer.alloc(seconds * 16_000 * 2);
  for (let offset = 0; offset < data.length; offset += jfk.length) jfk.copy(data, offset, 0, Math.min(jfk.length, data.length - offset));
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.concat([wavHeader(data.length), data]));
  return file;
}

const request = (wavPath: string, durationS: number, extra: Partial<DiarizeRequest> = {}): DiarizeRequest => ({ wavPath, durationS, speakers: null, ...extra });

/** The pids of this process's diarizer children. */
function diarizerChildren(): number[] {
  let out: string;
  try {
    out = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" });
  } catch {
    return []; // ps exits 1 when there is no such process
  }
  return out
    .split("\n")
    .filter((line) => line.includes("sherpa-child.mjs"))
    .map((line) => Number.parseInt(line.trim(), 10));
}

function expectWellFormed(speakers: LocalSpeaker[], durationMs: number) {
  expect(speakers.length).toBeGreaterThan(0);
  for (const speaker of speakers) {
    expect(speaker.turns.length).toBeGreaterThan(0);
    for (const turn of speaker.turns) {
      expect(turn.startMs).toBeGreaterThanOrEqual(0);
      expect(turn.endMs).toBeGreaterThan(turn.startMs);
      expect(turn.endMs).toBeLessThanOrEqual(durationMs);
    }
    expect(speaker.embedding).toHaveLength(MICRO_EMBEDDING_DIM);
    expect(Math.hypot(...speaker.embedding)).toBeCloseTo(1, 5);
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "sherpa-diarizer-"));
  models = await writeMicroDiarizationModels(dir);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("diarizeWithSherpa on the real sherpa-onnx pipeline (micro models)", () => {
  it("finds the speech of real audio as one chunk's speakers with unit-length embeddings", async () => {
    const speakers = await diarizeWithSherpa(request(JFK_WAV, 11), models);
    expectWellFormed(speakers, JFK_MS);
    expect(new Set(speakers.map((s) => s.chunk))).toEqual(new Set([0]));
    // JFK pauses at about 2.2–3.2 s: the micro model hears silence there
    const turns = speakers.flatMap((s) => s.turns);
    expect(turns.some((t) => t.startMs < 2_500)).toBe(true);
    expect(turns.every((t) => t.endMs <= 2_600 || t.startMs >= 2_900)).toBe(true);
  });

  it("accepts a speaker count from the user", async () => {
    expectWellFormed(await diarizeWithSherpa(request(JFK_WAV, 11, { speakers: 2 }), models), JFK_MS);
  });

  it("diarizes a long file a chunk at a time, with times absolute in the file", async () => {
    const wav = loopedJfk("25s.wav", 25);
    const speakers = await diarizeWithSherpa(request(wav, 25, { speakers: 2 }), models, { chunkSeconds: 10 });
    expectWellFormed(speakers, 25_000);
    expect([...new Set(speakers.map((s) => s.chunk))].sort()).toEqual([0, 1, 2]);
    // three equal chunks of 25/3 s; a chunk's turns lie within it
    const chunkMs = 25_000 / 3;
    for (const speaker of speakers) {
      for (const turn of speaker.turns) {
        expect(turn.startMs).toBeGreaterThanOrEqual(Math.floor(speaker.chunk * chunkMs));
        expect(turn.endMs).toBeLessThanOrEqual(Math.ceil((speaker.chunk + 1) * chunkMs));
      }
    }
    // the loop restarts at 11 s: speech found after it proves chunk 1 is placed in the file
    expect(speakers.some((s) => s.chunk === 1 && s.turns.some((t) => t.startMs > 11_000))).toBe(true);
  });
});

describe("diarizeWithSherpa when things go wrong", () => {
  it("rejects with a DiarizationError when a model is corrupt, and the caller carries on", async () => {
    const corrupt = path.join(dir, "corrupt.onnx");
    writeFileSync(corrupt, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)));
    await expect(diarizeWithSherpa(request(JFK_WAV, 11), { ...models, embedding: corrupt })).rejects.toThrow(
      new DiarizationError("The speaker model could not be loaded."),
    );
    await expect(diarizeWithSherpa(request(JFK_WAV, 11), { ...models, segmentation: corrupt })).rejects.toBeInstanceOf(DiarizationError);
    expectWellFormed(await diarizeWithSherpa(request(JFK_WAV, 11), models), JFK_MS);
  });

  it("rejects with a DiarizationError when a model file is missing", async () => {
    await expect(diarizeWithSherpa(request(JFK_WAV, 11), { ...models, segmentation: path.join(dir, "absent.onnx") })).rejects.toThrow(
      new DiarizationError("The speaker model could not be loaded."),
    );
  });

  it("rejects with a DiarizationError when the native code exits mid-run", async () => {
    const crashing = path.join(dir, "crashing-embedding.onnx");
    writeFileSync(crashing, microEmbeddingModel({ featureNormalizeType: "crash" }));
    await expect(diarizeWithSherpa(request(JFK_WAV, 11), { ...models, embedding: crashing })).rejects.toThrow(
      new DiarizationError("The speaker detector stopped unexpectedly (exit code 255)."),
    );
  });

  it("rejects with a DiarizationError when the child is killed", async () => {
    const wav = loopedJfk("kill.wav", 180);
    const outcome = diarizeWithSherpa(request(wav, 180), models);
    let pids: number[] = [];
    while (pids.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      pids = diarizerChildren();
    }
    process.kill(pids[0], "SIGKILL");
    await expect(outcome).rejects.toThrow(new DiarizationError("The speaker detector stopped unexpectedly (signal SIGKILL)."));
  });

  it("rejects with a DiarizationError for audio that is not a 16 kHz mono WAV", async () => {
    const mp3 = path.resolve(__dirname, "../../test/fixtures/audio/jfk.mp3");
    await expect(diarizeWithSherpa(request(mp3, 11), models)).rejects.toThrow(new DiarizationError("The audio is not a 16 kHz mono WAV file."));
  });

  it("stops the child and rejects with an AbortError when the signal aborts", async () => {
    const wav = loopedJfk("abort.wav", 180);
    const controller = new AbortController();
    const outcome = diarizeWithSherpa(request(wav, 180, { signal: controller.signal }), models);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const abortedAt = Date.now();
    controller.abort();
    await expect(outcome).rejects.toMatchObject({ name: "AbortError" });
    expect(Date.now() - abortedAt).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(diarizerChildren()).toEqual([]);
  });

  it("does not start when the signal has already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(diarizeWithSherpa(request(JFK_WAV, 11, { signal: controller.signal }), models)).rejects.toMatchObject({ name: "AbortError" });
    expect(diarizerChildren()).toEqual([]);
  });
});
