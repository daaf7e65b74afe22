import Meyda from "meyda";
import { SAMPLE_RATE } from "@/lib/audio/wav";

/**
 * What the basic speaker detector hears in a stretch of audio: which 16-ms frames are speech
 * (by energy), and a voice summary per window of 1.5 s — the mean and the spread of its speech
 * frames' MFCCs (meyda). MFCCs describe the shape of the spectrum (the vocal tract, the
 * microphone); their first coefficient, loudness, is left out, so a voice is the same voice
 * nearer or farther from the microphone.
 */

const FRAME_SAMPLES = 512; // 32 ms: a power of two, as meyda's FFT needs
const HOP_SAMPLES = 256;
export const FRAME_MS = (HOP_SAMPLES / SAMPLE_RATE) * 1000; // 16
const MFCCS = 20;
const MEL_BANDS = 40;
const CEPSTRA = MFCCS - 1; // c1 … c19
/** Length of a window's vector: the mean of each coefficient, then its standard deviation. */
export const FEATURES = 2 * CEPSTRA;
export const WINDOW_FRAMES = 94; // 1.5 s
export const WINDOW_HOP_FRAMES = 47; // 0.75 s

// Speech is what stands out from the chunk's quietest frames; nothing under -55 dBFS is.
const SILENCE_DBFS = -55;
const ABOVE_FLOOR_DB = 12;
const BELOW_LOUD_DB = 25;
// Pauses shorter than this inside speech are speech; bursts shorter than that are clicks.
const BRIDGED_GAP_FRAMES = 16; // 0.25 s
const SHORTEST_BURST_FRAMES = 10; // 0.16 s
// A window with less speech than this says too little about a voice.
const WINDOW_MIN_SPEECH_FRAMES = 38; // 0.6 s

export interface FeatureWindow {
  /** its first frame */
  start: number;
  speechFrames: number;
  /** FEATURES long: the mean of c1 … c19 over its speech frames, then their standard deviations */
  vector: Float64Array;
}

export interface ChunkFeatures {
  frames: number;
  /** 1 for a speech frame */
  speech: Uint8Array;
  /** the windows holding enough speech, in time order */
  windows: FeatureWindow[];
}

const frameCount = (samples: number) => (samples < FRAME_SAMPLES ? 0 : Math.floor((samples - FRAME_SAMPLES) / HOP_SAMPLES) + 1);

function frameEnergies(samples: Int16Array, frames: number): Float64Array {
  const energies = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * HOP_SAMPLES, end = i + FRAME_SAMPLES; i < end; i++) sum += samples[i] * samples[i];
    energies[f] = 10 * Math.log10(sum / FRAME_SAMPLES / (32768 * 32768) + 1e-12);
  }
  return energies;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** Frames louder than the chunk's threshold, with short pauses filled and clicks dropped. */
function speechFrames(energies: Float64Array): Uint8Array {
  const speech = new Uint8Array(energies.length);
  if (energies.length === 0) return speech;
  const sorted = Float64Array.from(energies).sort();
  const threshold = Math.max(SILENCE_DBFS, Math.min(percentile(sorted, 0.05) + ABOVE_FLOOR_DB, percentile(sorted, 0.95) - BELOW_LOUD_DB));
  for (let f = 0; f < energies.length; f++) speech[f] = energies[f] > threshold ? 1 : 0;
  setShortRuns(speech, 0, BRIDGED_GAP_FRAMES);
  setShortRuns(speech, 1, SHORTEST_BURST_FRAMES);
  return speech;
}

/** Flips runs of `value` shorter than `frames` that have other frames on both sides (pauses) or anywhere (bursts). */
function setShortRuns(mask: Uint8Array, value: 0 | 1, frames: number) {
  for (let start = 0; start < mask.length; ) {
    let end = start;
    while (end < mask.length && mask[end] === mask[start]) end++;
    const inside = start > 0 && end < mask.length;
    if (mask[start] === value && end - start < frames && (value === 1 || inside)) mask.fill(value === 1 ? 0 : 1, start, end);
    start = end;
  }
}

function configureMeyda() {
  // meyda is configured globally; set on every use, so nothing else in the process can change it under us.
  Meyda.bufferSize = FRAME_SAMPLES;
  Meyda.sampleRate = SAMPLE_RATE;
  Meyda.melBands = MEL_BANDS;
  Meyda.numberOfMFCCCoefficients = MFCCS;
  Meyda.windowingFunction = "hamming";
}

// meyda takes ~0.2 ms a frame: the MFCCs of a 5-minute chunk take seconds, ~15 ms between checkpoints.
const CHECKPOINT_FRAMES = 64;

/** The chunk's speech frames and windows; `checkpoint` (lib/speakers/cpu-slices.ts) is awaited between batches of frames. */
export async function chunkFeatures(samples: Int16Array, checkpoint: () => Promise<void>): Promise<ChunkFeatures> {
  const frames = frameCount(samples.length);
  const speech = speechFrames(frameEnergies(samples, frames));
  // Raw 16-bit values, not [-1, 1]: meyda takes log(1 + band energy), which is a logarithm only for energies well above 1.
  const buffer = new Float32Array(FRAME_SAMPLES);
  const cepstra = new Float32Array(frames * CEPSTRA);
  for (let f = 0; f < frames; f++) {
    if (f % CHECKPOINT_FRAMES === 0) {
      await checkpoint();
      configureMeyda();
    }
    if (!speech[f]) continue;
    for (let i = 0; i < FRAME_SAMPLES; i++) buffer[i] = samples[f * HOP_SAMPLES + i];
    const mfcc = Meyda.extract(["mfcc"], buffer)?.mfcc;
    if (!mfcc) continue;
    for (let c = 0; c < CEPSTRA; c++) cepstra[f * CEPSTRA + c] = mfcc[c + 1];
  }
  return { frames, speech, windows: windowsOf(frames, speech, cepstra) };
}

function windowsOf(frames: number, speech: Uint8Array, cepstra: Float32Array): FeatureWindow[] {
  const windows: FeatureWindow[] = [];
  // The last window ends at the last frame, however short, so the chunk's tail is heard too.
  for (let start = 0; start === 0 || start - WINDOW_HOP_FRAMES + WINDOW_FRAMES < frames; start += WINDOW_HOP_FRAMES) {
    const end = Math.min(frames, start + WINDOW_FRAMES);
    const sum = new Float64Array(CEPSTRA);
    const squares = new Float64Array(CEPSTRA);
    let count = 0;
    for (let f = start; f < end; f++) {
      if (!speech[f]) continue;
      count++;
      for (let c = 0; c < CEPSTRA; c++) {
        const value = cepstra[f * CEPSTRA + c];
        sum[c] += value;
        squares[c] += value * value;
      }
    }
    if (count < WINDOW_MIN_SPEECH_FRAMES) continue;
    const vector = new Float64Array(FEATURES);
    for (let c = 0; c < CEPSTRA; c++) {
      const mean = sum[c] / count;
      vector[c] = mean;
      vector[CEPSTRA + c] = Math.sqrt(Math.max(0, squares[c] / count - mean * mean));
    }
    windows.push({ start, speechFrames: count, vector });
  }
  return windows;
}
