import type { Cut } from "./agglomerate";
import { chunkSpeakers } from "./chunk-speakers";
import { cpuSlices } from "./cpu-slices";
import type { Diarization, DiarizeRequest, LocalSpeaker } from "./diarization";
import { clusterSpeakers } from "./global-clustering";
import { chunkFeatures } from "./mfcc-windows";
import { wavChunks } from "./wav-chunks";

/** Audio analysed at once: 5 minutes of samples and their MFCCs hold ~25 MB, whatever the file's length. */
const BASIC_CHUNK_SECONDS = 300;

/**
 * Cosine distance between MFCC summaries (lib/speakers/mfcc-windows.ts) under which two
 * stretches of speech are one voice, within a chunk and across chunks. Such summaries of any
 * two voices are far more alike than speaker-model embeddings are. On the test voices
 * (test/support/dialog-audio.ts) the reader's 2 minutes alone split into two speakers under
 * 0.065, and Kennedy and the reader become one over ~0.22: 0.12 is the middle (geometric) of
 * that range. Two espeak-ng voices, man and woman, are told apart at 0.12 too; two male
 * variants of one synthesiser are not, at any threshold.
 */
const BASIC_VOICE_DISTANCE = 0.12;

interface BasicOptions {
  chunkSeconds?: number;
}

/**
 * Who speaks when, without any model: the offline fallback when sherpa-onnx's models cannot be
 * had. Chunk by chunk, energy finds the speech, MFCCs (meyda) summarise each 1.5 s of it,
 * changes of voice cut it into runs and the runs are clustered into the chunk's voices
 * (lib/speakers/chunk-speakers.ts); the chunks' voices are then clustered once for the whole
 * file (lib/speakers/global-clustering.ts). It tells clearly different voices apart (a man and
 * a woman, two microphones), not two alike. Pure JavaScript, linear in the file's length; it
 * lets the event loop run every 20 ms and stops with an AbortError when `request.signal` aborts.
 */
export async function diarizeBasic(request: DiarizeRequest, options: BasicOptions = {}): Promise<Diarization> {
  const chunkSeconds = options.chunkSeconds ?? BASIC_CHUNK_SECONDS;
  const checkpoint = cpuSlices(request.signal);
  await checkpoint();
  const wanted = request.speakers !== null && request.speakers >= 1 ? Math.floor(request.speakers) : null;
  const locals: LocalSpeaker[] = [];
  for await (const chunk of wavChunks(request.wavPath, chunkSeconds)) {
    await checkpoint();
    const features = await chunkFeatures(chunk.samples, checkpoint);
    await checkpoint();
    locals.push(...chunkSpeakers(features, chunk.index, chunk.startMs, chunkCut(wanted, chunk.count)));
  }
  return { diarizer: "basic", ...clusterSpeakers(locals, { speakers: wanted, threshold: BASIC_VOICE_DISTANCE }) };
}

/**
 * How many voices to look for in a chunk: the number the user gave when the chunk is the whole
 * file; else the threshold decides, up to that number (a chunk may hear only some of them).
 */
function chunkCut(wanted: number | null, chunks: number): Cut | "one" {
  if (wanted === 1) return "one";
  if (wanted === null) return { threshold: BASIC_VOICE_DISTANCE };
  return chunks === 1 ? { count: wanted } : { threshold: BASIC_VOICE_DISTANCE, atMost: wanted };
}
