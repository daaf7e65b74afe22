import { formatDuration } from "@/lib/text/time-format";
import { quotaSentence, tooLargeSentence } from "@/lib/transcription/limit-sentences";

/** What the browser knows before sending a byte: the operator's size limit and the plan's time left. */
export interface UploadLimits {
  maxUploadMb: number;
  /** seconds left this period; null: unlimited */
  remainingS: number | null;
  planName: string;
}

export type Precheck =
  | { ok: true }
  | { ok: false; sentence: string }
  /** longer than the time left: refused, with the offer to transcribe only what fits */
  | { ok: false; sentence: string; fitsSeconds: number; offer: string };

/**
 * The same limits the server enforces, checked at once so a user does not wait for a long
 * upload to be told no. The duration is the file's own metadata as the browser reads it: a
 * hint only (the server reads the file itself and checks everything again).
 */
export function precheckUpload(sizeBytes: number, durationS: number | null, limits: UploadLimits): Precheck {
  if (sizeBytes > limits.maxUploadMb * 1024 * 1024) return { ok: false, sentence: tooLargeSentence(limits.maxUploadMb) };
  const left = limits.remainingS;
  if (durationS === null || left === null || durationS <= left + 0.5) return { ok: true };
  const sentence = quotaSentence(limits.planName, durationS, left);
  const fitsSeconds = Math.floor(left);
  if (fitsSeconds < 1) return { ok: false, sentence };
  return { ok: false, sentence, fitsSeconds, offer: `Transcribe the first ${formatDuration(fitsSeconds)}` };
}

const METADATA_WAIT_MS = 4000;

/**
 * The length a media file says it has, read by the browser's own media element (no decoding
 * of the whole file); null when the browser cannot tell in a few seconds (an unknown codec, a
 * stream without a length).
 */
export function mediaDuration(file: Blob): Promise<number | null> {
  if (typeof document === "undefined" || typeof URL.createObjectURL !== "function") return Promise.resolve(null);
  return new Promise((resolve) => {
    const media = document.createElement(file.type.startsWith("video/") ? "video" : "audio");
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      clearTimeout(timer);
      media.removeAttribute("src");
      media.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), METADATA_WAIT_MS);
    media.preload = "metadata";
    media.onloadedmetadata = () => done(Number.isFinite(media.duration) && media.duration > 0 ? media.duration : null);
    media.onerror = () => done(null);
    media.src = url;
  });
}
