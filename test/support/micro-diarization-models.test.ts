import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { MICRO_EMBEDDING_DIM, writeMicroDiarizationModels, type MicroDiarizationModels } from "@/test/support/micro-diarization-models";

/** The few members of sherpa-onnx-node used here (the package ships JSDoc, no declarations). */
interface Sherpa {
  readWave(file: string): { samples: Float32Array; sampleRate: number };
  SpeakerEmbeddingExtractor: new (config: object) => {
    dim: number;
    createStream(): { acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void; inputFinished(): void };
    compute(stream: unknown): Float32Array;
  };
}

// Loaded in this process on purpose: these models are valid, so nothing here can crash it.
const sherpa = createRequire(__filename)("sherpa-onnx-node") as Sherpa;
const JFK_WAV = path.resolve(__dirname, "../fixtures/audio/jfk.wav");

let dir: string;
let models: MicroDiarizationModels;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "micro-diarization-"));
  models = await writeMicroDiarizationModels(dir);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  a.forEach((value, i) => (dot += value * b[i]));
  return dot / (Math.hypot(...a) * Math.hypot(...b));
}

describe("micro speaker-embedding model", () => {
  it("gives the same voice the same embedding and a different timbre a different one", () => {
    const extractor = new sherpa.SpeakerEmbeddingExtractor({ model: models.embedding, numThreads: 1 });
    expect(extractor.dim).toBe(MICRO_EMBEDDING_DIM);
    const embed = (samples: Float32Array) => {
      const stream = extractor.createStream();
      stream.acceptWaveform({ samples, sampleRate: 16_000 });
      stream.inputFinished();
      return extractor.compute(stream);
    };
    const jfk = sherpa.readWave(JFK_WAV).samples;
    // the first difference: the same words with the low frequencies taken out, a "brighter voice"
    const bright = jfk.map((value, i) => value - (jfk[i - 1] ?? 0));
    expect(cosine(embed(jfk.subarray(0, 80_000)), embed(jfk.subarray(80_000)))).toBeGreaterThan(0.9);
    expect(cosine(embed(jfk), embed(bright))).toBeLessThan(0.8);
  });
});
