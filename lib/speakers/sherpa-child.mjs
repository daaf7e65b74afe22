// @ts-check
/**
 * The sherpa-onnx diarizer's child process (started by lib/speakers/sherpa-diarizer.ts).
 * Plain JavaScript so that it runs alike from source, from Jest and beside the built app: the
 * bundler cannot follow fork(), and the native code exits or aborts the whole process on a bad
 * model, which must never be the worker.
 *
 * Protocol (IPC, JSON): receives one ChildRequest; sends { type: "loading" } just before the
 * models are loaded, { type: "loaded" } after, then { type: "done", speakers } or
 * { type: "failed", message }, and exits.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * @typedef {{ wavPath: string; models: { segmentation: string; embedding: string }; chunkSeconds: number; speakers: number | null }} ChildRequest
 * @typedef {{ chunk: number; turns: Array<{ startMs: number; endMs: number }>; embedding: number[] }} LocalSpeaker
 * @typedef {{ dataOffset: number; samples: number }} Wav
 * @typedef {{ start: number; end: number; speaker: number }} Segment
 * @typedef {{ clustering: { numClusters: number; threshold: number } }} ClusteringConfig
 * @typedef {{ process(samples: Float32Array): Segment[]; setConfig(config: ClusteringConfig): void }} Diarizer
 * @typedef {{ acceptWaveform(wave: { sampleRate: number; samples: Float32Array }): void; inputFinished(): void }} EmbeddingStream
 * @typedef {{ dim: number; createStream(): EmbeddingStream; isReady(stream: EmbeddingStream): boolean; compute(stream: EmbeddingStream): Float32Array }} EmbeddingExtractor
 */

const SAMPLE_RATE = 16_000;
/** seconds of a speaker's speech its embedding is computed over: enough for a stable voice print */
const EMBEDDING_SECONDS = 30;
/**
 * Cosine-distance cut of sherpa-onnx's complete-linkage clustering when the number of speakers
 * is not known: 0.5 is sherpa-onnx's own default (FastClusteringConfig) and what its examples
 * use; a voice's windows sit well within it, different voices mostly beyond it. The file-wide
 * clustering merges what a chunk split.
 */
const CLUSTER_THRESHOLD = 0.5;
/**
 * A chunk this long is likely to hear every speaker the user counted, so the count is imposed;
 * a shorter one (only in tests: production chunks are at least half the chunk length) may not,
 * and forcing the count there would split one voice into short, poorly described speakers.
 */
const MIN_SECONDS_FOR_COUNT = 120;
/** turns shorter than this are dropped, gaps shorter than MIN_GAP_S closed (sherpa-onnx's defaults) */
const MIN_TURN_S = 0.3;
const MIN_GAP_S = 0.5;

/** @param {object} message */
function send(message) {
  return new Promise((resolve, reject) => {
    if (!process.send) reject(new Error("sherpa-child.mjs must be started with an IPC channel"));
    else process.send(message, (/** @type {Error | null} */ error) => (error ? reject(error) : resolve(undefined)));
  });
}

/** A sentence for the transcript's note; the parent turns it into a DiarizationError. */
class ChildFailure extends Error {
  /**
   * @param {string} message
   * @param {unknown} [cause] what went wrong underneath, for the operator's log
   */
  constructor(message, cause) {
    super(message);
    this.detail = cause === undefined ? undefined : String(cause);
  }
}

/**
 * Where the samples of a 16 kHz mono 16-bit PCM WAV are. A streamed WAV (ffmpeg writing to a
 * pipe) gives no data length, so the rest of the file is taken.
 * @param {number} fd
 * @returns {Wav}
 */
function readWavHeader(fd) {
  const fileSize = fstatSync(fd).size;
  const header = Buffer.alloc(Math.min(fileSize, 64 * 1024));
  readSync(fd, header, 0, header.length, 0);
  const notPcm = new ChildFailure("The audio is not a 16 kHz mono WAV file.");
  if (header.length < 12 || header.toString("ascii", 0, 4) !== "RIFF" || header.toString("ascii", 8, 12) !== "WAVE") throw notPcm;
  let format = null;
  for (let offset = 12; offset + 8 <= header.length; ) {
    const id = header.toString("ascii", offset, offset + 4);
    const size = header.readUInt32LE(offset + 4);
    if (id === "fmt " && offset + 24 <= header.length) {
      format = {
        tag: header.readUInt16LE(offset + 8),
        channels: header.readUInt16LE(offset + 10),
        rate: header.readUInt32LE(offset + 12),
        bits: header.readUInt16LE(offset + 22),
      };
    } else if (id === "data") {
      const pcm = format && (format.tag === 1 || format.tag === 0xfffe) && format.channels === 1 && format.rate === SAMPLE_RATE && format.bits === 16;
      if (!pcm) throw notPcm;
      const dataOffset = offset + 8;
      const available = fileSize - dataOffset;
      const bytes = size === 0 || size > available ? available : size;
      return { dataOffset, samples: Math.floor(bytes / 2) };
    }
    offset += 8 + size + (size % 2);
  }
  throw notPcm;
}

/**
 * @param {number} fd
 * @param {Wav} wav
 * @param {number} start first sample
 * @param {number} count
 */
function readSamples(fd, wav, start, count) {
  const bytes = Buffer.alloc(count * 2);
  readSync(fd, bytes, 0, bytes.length, wav.dataOffset + start * 2);
  const samples = new Float32Array(count);
  for (let i = 0; i < count; i++) samples[i] = bytes.readInt16LE(i * 2) / 32768;
  return samples;
}

/**
 * Chunks of equal length, none longer than `chunkSeconds`, so no chunk is a sliver.
 * @param {number} total samples
 * @param {number} chunkSeconds
 */
function chunkBounds(total, chunkSeconds) {
  const count = Math.max(1, Math.ceil(total / (chunkSeconds * SAMPLE_RATE)));
  const size = Math.ceil(total / count);
  return Array.from({ length: count }, (_, i) => ({ start: i * size, end: Math.min(total, (i + 1) * size) })).filter((c) => c.end > c.start);
}

/**
 * The speaker's unit-length voice print over its longest turns, up to EMBEDDING_SECONDS; null
 * when the model gives nothing usable (sherpa-onnx drops NaN embeddings too).
 * @param {EmbeddingExtractor} extractor
 * @param {Float32Array} samples the chunk
 * @param {Segment[]} turns seconds within the chunk
 */
function voicePrint(extractor, samples, turns) {
  const stream = extractor.createStream();
  let budget = EMBEDDING_SECONDS * SAMPLE_RATE;
  for (const turn of [...turns].sort((a, b) => b.end - b.start - (a.end - a.start))) {
    if (budget <= 0) break;
    const from = Math.max(0, Math.round(turn.start * SAMPLE_RATE));
    const to = Math.min(samples.length, Math.round(turn.end * SAMPLE_RATE), from + budget);
    if (to <= from) continue;
    stream.acceptWaveform({ sampleRate: SAMPLE_RATE, samples: samples.subarray(from, to) });
    budget -= to - from;
  }
  stream.inputFinished();
  if (!extractor.isReady(stream)) return null;
  const embedding = Array.from(extractor.compute(stream));
  const norm = Math.hypot(...embedding);
  if (!Number.isFinite(norm) || norm === 0) return null;
  return embedding.map((value) => value / norm);
}

/**
 * @param {Diarizer} diarizer
 * @param {EmbeddingExtractor} extractor
 * @param {Float32Array} samples
 * @param {number} chunk
 * @param {number} offsetS where the chunk starts in the file
 * @returns {LocalSpeaker[]}
 */
function diarizeChunk(diarizer, extractor, samples, chunk, offsetS) {
  const lengthS = samples.length / SAMPLE_RATE;
  /** @type {Map<number, Segment[]>} */
  const bySpeaker = new Map();
  for (const segment of diarizer.process(samples)) {
    const turn = { ...segment, start: Math.max(0, segment.start), end: Math.min(lengthS, segment.end) };
    if (turn.end <= turn.start) continue;
    const turns = bySpeaker.get(turn.speaker);
    if (turns) turns.push(turn);
    else bySpeaker.set(turn.speaker, [turn]);
  }
  /** @type {LocalSpeaker[]} */
  const speakers = [];
  for (const turns of bySpeaker.values()) {
    const embedding = voicePrint(extractor, samples, turns);
    if (!embedding) continue;
    const toMs = (/** @type {number} */ s) => Math.round((offsetS + s) * 1000);
    speakers.push({ chunk, turns: turns.sort((a, b) => a.start - b.start).map((t) => ({ startMs: toMs(t.start), endMs: toMs(t.end) })), embedding });
  }
  return speakers;
}

/**
 * @param {ChildRequest} request
 * @returns {Promise<LocalSpeaker[]>}
 */
async function diarize(request) {
  let fd;
  try {
    fd = openSync(request.wavPath, "r");
  } catch (error) {
    throw new ChildFailure("The audio could not be read for speaker detection.", error);
  }
  try {
    const wav = readWavHeader(fd);
    if (wav.samples === 0) return [];
    const chunks = chunkBounds(wav.samples, request.chunkSeconds);

    await send({ type: "loading" });
    const require = createRequire(import.meta.url);
    /** @type {{ OfflineSpeakerDiarization: new (config: object) => Diarizer; SpeakerEmbeddingExtractor: new (config: object) => EmbeddingExtractor }} */
    let sherpa;
    try {
      sherpa = require("sherpa-onnx-node");
    } catch (error) {
      throw new ChildFailure("The speaker detector is not available on this system.", error);
    }
    /** @type {Diarizer} */
    let diarizer;
    /** @type {EmbeddingExtractor} */
    let extractor;
    try {
      diarizer = new sherpa.OfflineSpeakerDiarization({
        segmentation: { pyannote: { model: request.models.segmentation }, numThreads: 1 },
        embedding: { model: request.models.embedding, numThreads: 1 },
        // set per chunk below; a positive numClusters overrides the threshold
        clustering: { numClusters: -1, threshold: CLUSTER_THRESHOLD },
        minDurationOn: MIN_TURN_S,
        minDurationOff: MIN_GAP_S,
      });
      extractor = new sherpa.SpeakerEmbeddingExtractor({ model: request.models.embedding, numThreads: 1 });
    } catch (error) {
      throw new ChildFailure("The speaker model could not be loaded.", error);
    }
    await send({ type: "loaded" });

    /** @type {LocalSpeaker[]} */
    const speakers = [];
    for (const [chunk, { start, end }] of chunks.entries()) {
      // lets a "disconnect" (the parent went away) end this process between chunks
      await new Promise((resolve) => setImmediate(resolve));
      const long = chunks.length === 1 || (end - start) / SAMPLE_RATE >= MIN_SECONDS_FOR_COUNT;
      const numClusters = request.speakers !== null && long ? request.speakers : -1;
      diarizer.setConfig({ clustering: { numClusters, threshold: CLUSTER_THRESHOLD } });
      speakers.push(...diarizeChunk(diarizer, extractor, readSamples(fd, wav, start, end - start), chunk, start / SAMPLE_RATE));
    }
    return speakers;
  } finally {
    closeSync(fd);
  }
}

process.once("disconnect", () => process.exit(0));
process.once("message", (/** @type {ChildRequest} */ request) => {
  diarize(request)
    .then((speakers) => send({ type: "done", speakers }))
    .catch((error) =>
      error instanceof ChildFailure
        ? send({ type: "failed", message: error.message, detail: error.detail })
        : send({ type: "failed", message: "The speaker detector failed.", detail: String(error) }),
    )
    .finally(() => process.exit(0));
});
