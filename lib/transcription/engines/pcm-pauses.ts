import { BYTES_PER_SECOND } from "@/lib/audio/wav";

/** Loudness is measured over frames of this length. */
const FRAME_MS = 30;
const FRAME_BYTES = (BYTES_PER_SECOND * FRAME_MS) / 1000;
/** Below this RMS (of 32768) a frame counts as a pause: about −45 dBFS, quiet room noise. */
const QUIET_RMS = 180;

/** RMS of each FRAME_MS frame of 16-bit mono PCM. */
function frameLoudness(pcm: Buffer): number[] {
  const frames: number[] = [];
  for (let at = 0; at + FRAME_BYTES <= pcm.length; at += FRAME_BYTES) {
    let sum = 0;
    for (let i = at; i < at + FRAME_BYTES; i += 2) {
      const v = pcm.readInt16LE(i);
      sum += v * v;
    }
    frames.push(Math.sqrt(sum / (FRAME_BYTES / 2)));
  }
  return frames;
}

/** How long the audio has been quiet at its end, in ms. */
export function trailingPauseMs(pcm: Buffer): number {
  const frames = frameLoudness(pcm);
  let quiet = 0;
  for (let i = frames.length - 1; i >= 0 && frames[i] < QUIET_RMS; i--) quiet++;
  return quiet * FRAME_MS;
}

/** Whether anything in it is louder than a pause. */
export function hasSound(pcm: Buffer): boolean {
  return frameLoudness(pcm).some((rms) => rms >= QUIET_RMS);
}

/** The quietest frame's start in ms between `fromMs` and `toMs` (where a cut hurts least). */
export function quietestMs(pcm: Buffer, fromMs: number, toMs: number): number {
  const frames = frameLoudness(pcm);
  let best = Math.floor(toMs / FRAME_MS);
  for (let i = Math.floor(fromMs / FRAME_MS); i < Math.min(frames.length, Math.floor(toMs / FRAME_MS)); i++) {
    if (frames[i] < (frames[best] ?? Infinity)) best = i;
  }
  return Math.min(best * FRAME_MS, toMs);
}

/** Bytes of PCM in `ms`, on a sample boundary. */
export const bytesOf = (ms: number): number => Math.floor((ms * BYTES_PER_SECOND) / 1000 / 2) * 2;
