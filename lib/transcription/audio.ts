import { stat } from "node:fs/promises";
import { DomainError } from "@/lib/errors/domain-error";
import { CommandTimedOut, run } from "@/lib/process/run";
import { formatDuration } from "@/lib/text/time-format";
import { BYTES_PER_SECOND, SAMPLE_RATE, WAV_HEADER_BYTES } from "@/lib/audio/wav";
import { UNREADABLE, fileHead, inputGuard, playlistProblem, supportedAudioCodec } from "./media-whitelist";
import { env } from "@/lib/env";


const ffmpegPath = () => env().FFMPEG_PATH;
const ffprobePath = () => env().FFPROBE_PATH;

/** A file we cannot read as audio at all. */
const unsupported = (sentence: string) => new DomainError("unsupported_media", sentence);
/** Audio we can read, but not use: damaged, cut off, silent. */
const unusable = (sentence: string) => new DomainError("unprocessable", sentence);

export interface Probe {
  formatName: string;
  /** the container's own idea of the duration (estimated for some formats) */
  durationS: number | null;
  audioCodec: string;
}

/** Reading a header takes milliseconds; anything slower is waiting on something it must not. */
const PROBE_TIMEOUT_MS = 15_000;

/**
 * An upload to look at: a file on this host, or an object in the bucket (an upload that went
 * straight there), which ffprobe reads by ranges from one presigned address without copying it.
 */
export interface MediaSource {
  /** ffmpeg's input: `file:/path`, or the object's presigned https address */
  input: string;
  remote: boolean;
  /** its first bytes (HEAD_BYTES, or all of a shorter file) */
  head: Buffer;
  size: number;
}

const HEAD_BYTES = 4096;

async function localMedia(file: string): Promise<MediaSource> {
  return { input: `file:${file}`, remote: false, head: await fileHead(file, HEAD_BYTES), size: (await stat(file)).size };
}

export function remoteMedia(url: string, head: Buffer, size: number): MediaSource {
  return { input: url, remote: true, head: head.subarray(0, HEAD_BYTES), size };
}

/**
 * Reads the container by its content, whatever the file is called or claims to be. Only
 * real media containers are opened, and only this one file (see media-whitelist).
 */
async function probe(media: MediaSource, signal?: AbortSignal): Promise<Probe> {
  const playlist = playlistProblem(media.head);
  if (playlist) throw unsupported(playlist);
  const result = await run(
    ffprobePath(),
    [
      "-v", "error", ...inputGuard(media.remote),
      "-show_entries", "format=format_name,duration:stream=codec_type,codec_name",
      "-of", "json",
      media.input,
    ],
    { signal, timeoutMs: PROBE_TIMEOUT_MS },
  ).catch((error: unknown) => {
    if (error instanceof CommandTimedOut) throw unsupported(UNREADABLE);
    throw error;
  });
  let info: ProbeJson = {};
  try {
    info = result.code === 0 ? (JSON.parse(result.stdout || "{}") as ProbeJson) : {};
  } catch {
    info = {};
  }
  const audio = info.streams?.find((s) => s.codec_type === "audio");
  if (!info.format || !audio || !supportedAudioCodec(audio.codec_name)) throw unsupported(UNREADABLE);
  const duration = Number(info.format.duration);
  return {
    formatName: info.format.format_name ?? "unknown",
    durationS: Number.isFinite(duration) && duration > 0 ? duration : null,
    audioCodec: audio.codec_name ?? "unknown",
  };
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: Array<{ codec_type?: string; codec_name?: string }>;
}

/** The longest single file accepted, whatever the plan (the decoded copy is 115 MB per hour). */
export const MAX_FILE_SECONDS = 10 * 3600;

/**
 * Decodes any input to 16 kHz mono 16-bit WAV; ffmpeg streams, so memory stays flat, and
 * stops after `maxSeconds` so a tiny file claiming days of audio cannot fill the disk.
 * Bit-exact output without metadata has a plain 44-byte header, so the size gives the
 * exact duration.
 */
async function normalise(input: string, output: string, maxSeconds: number, signal?: AbortSignal): Promise<number> {
  const { code } = await run(
    ffmpegPath(),
    [
      "-nostdin", "-v", "error", "-y", ...inputGuard(), "-i", `file:${input}`, "-vn", "-t", maxSeconds.toFixed(2), "-ac", "1", "-ar", String(SAMPLE_RATE),
      "-c:a", "pcm_s16le", "-fflags", "+bitexact", "-flags:a", "+bitexact", "-map_metadata", "-1", "-f", "wav", `file:${output}`,
    ],
    { signal, timeoutMs: decodeTimeoutMs(maxSeconds) },
  ).catch((error: unknown) => {
    if (error instanceof CommandTimedOut) throw unusable("This audio took too long to decode. The file may be damaged.");
    throw error;
  });
  if (code !== 0) throw unusable("This audio could not be decoded. The file may be damaged.");
  const { size } = await stat(output);
  return Math.max(0, size - WAV_HEADER_BYTES) / BYTES_PER_SECOND;
}

/**
 * Time allowed for decoding or copying `seconds` of audio: ffmpeg does an hour in well under
 * a minute here, so this only stops work that has stalled.
 */
const decodeTimeoutMs = (seconds: number) => 60_000 + seconds * 50;

interface WavHeader {
  /** seconds the header promises */
  claimedS: number;
  /** seconds of samples the file holds */
  heldS: number;
  /** the file holds fewer sample bytes than promised */
  cutOff: boolean;
}

/** The `fmt ` and `data` chunks of a RIFF/WAVE file: what its header says it holds. */
function readWavHeader(head: Buffer, size: number): WavHeader | null {
  if (head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") return null;
  let byteRate = 0;
  for (let offset = 12; offset + 8 <= head.length; ) {
    const id = head.toString("ascii", offset, offset + 4);
    const length = head.readUInt32LE(offset + 4);
    if (id === "fmt " && offset + 16 <= head.length) byteRate = head.readUInt32LE(offset + 16);
    if (id === "data") {
      // 0xffffffff: a stream whose writer did not know the length (allowed, not cut off).
      if (length === 0xffffffff || byteRate <= 0) return null;
      return { claimedS: length / byteRate, heldS: Math.max(0, size - offset - 8) / byteRate, cutOff: offset + 8 + length > size };
    }
    offset += 8 + length + (length % 2);
  }
  return null;
}

/** Thrown when the audio is longer than the caller allowed (the plan's remaining time). */
export class TooLong extends Error {
  constructor(readonly seconds: number) {
    super("audio longer than allowed");
  }
}

/** What a quick look at an upload tells: its container, and how long it says it is. */
export interface UploadInspection {
  probe: Probe;
  /** the duration the file claims (a cut-off WAV's header: what was meant); null when it does not say */
  claimedS: number | null;
}

const cutOff = (readS: number | null, claimedS: number | null) =>
  unusable(
    `This file seems to be cut off or damaged.${readS !== null && claimedS ? ` Only ${formatDuration(readS)} of ${formatDuration(claimedS)} could be read.` : ""} Upload the complete file again.`,
  );

/**
 * The quick check an upload gets before it is accepted, reading only headers (milliseconds,
 * whatever the size): refuses what is not audio, a WAV whose header promises more than the
 * file holds, and audio that says it is longer than `maxSeconds` (TooLong). Decoding, and
 * what only decoding finds, is the worker's (normaliseUpload).
 */
export async function inspectUpload(original: string | MediaSource, maxSeconds = MAX_FILE_SECONDS, signal?: AbortSignal): Promise<UploadInspection> {
  const media = typeof original === "string" ? await localMedia(original) : original;
  const info = await probe(media, signal);
  const cap = Math.min(maxSeconds, MAX_FILE_SECONDS);
  if (info.durationS !== null && info.durationS > cap + 1) throw new TooLong(info.durationS);
  const wav = info.formatName === "wav" ? readWavHeader(media.head, media.size) : null;
  if (wav?.cutOff) throw cutOff(wav.heldS, wav.claimedS);
  return { probe: info, claimedS: info.durationS };
}

/**
 * Writes an upload's normalised copy and returns its exact duration: refuses audio that
 * decodes to nothing, or to much less than it claimed (cut off or damaged inside), and
 * stops at `maxSeconds` (TooLong), so a file never costs more than the allowance in disk
 * and CPU whatever it claims. With `firstSeconds` (the user chose to transcribe only the
 * start), decoding simply stops there.
 */
export async function normaliseUpload(
  original: string,
  normalised: string,
  claimedS: number | null,
  maxSeconds = MAX_FILE_SECONDS,
  signal?: AbortSignal,
  firstSeconds: number | null = null,
): Promise<number> {
  const cap = Math.min(maxSeconds, MAX_FILE_SECONDS);
  const cut = firstSeconds !== null && firstSeconds <= cap;
  const durationS = await normalise(original, normalised, cut ? firstSeconds : cap + 1, signal);
  if (!cut && durationS > cap + 0.5) throw new TooLong(claimedS ?? durationS);
  // Cut at its first seconds, the file only has to hold that much of what it claims.
  if (cut && claimedS !== null) claimedS = Math.min(claimedS, firstSeconds);
  if (durationS < 0.1) throw unusable("This file contains no audio to transcribe.");
  if (claimedS !== null && claimedS - durationS > 1 && durationS < claimedS * 0.9) throw cutOff(durationS, claimedS);
  return durationS;
}

/** Both checks and the normalised copy in one go, for tools that have the file at hand (benchmarks, tests). */
export async function inspectAndNormalise(
  original: string,
  normalised: string,
  maxSeconds = MAX_FILE_SECONDS,
  signal?: AbortSignal,
): Promise<{ durationS: number; probe: Probe }> {
  const { probe: info, claimedS } = await inspectUpload(original, maxSeconds, signal);
  return { durationS: await normaliseUpload(original, normalised, claimedS, maxSeconds, signal), probe: info };
}
