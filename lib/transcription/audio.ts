import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { run } from "@/lib/process/run";
import { formatDuration } from "./format";

/** Normalised audio: what every engine is fed. */
export const SAMPLE_RATE = 16_000;
const BYTES_PER_SECOND = SAMPLE_RATE * 2; // mono, 16-bit
const WAV_HEADER_BYTES = 44;

export const ffmpegPath = () => process.env.FFMPEG_PATH || "ffmpeg";
export const ffprobePath = () => process.env.FFPROBE_PATH || "ffprobe";

/** A file refused at upload, with the status and sentence the user gets. */
export class AudioRejected extends Error {
  constructor(
    readonly status: 400 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

export interface Probe {
  formatName: string;
  /** the container's own idea of the duration (estimated for some formats) */
  durationS: number | null;
  audioCodec: string;
}

/** Reads the container by its content, whatever the file is called or claims to be. */
export async function probe(file: string): Promise<Probe> {
  const { code, stdout } = await run(ffprobePath(), [
    "-v", "error",
    "-show_entries", "format=format_name,duration:stream=codec_type,codec_name",
    "-of", "json",
    file,
  ]);
  const info = code === 0 ? (JSON.parse(stdout || "{}") as ProbeJson) : {};
  const audio = info.streams?.find((s) => s.codec_type === "audio");
  if (!info.format || !audio) {
    throw new AudioRejected(415, "This file is not audio we can read. Upload an audio or video file (mp3, wav, m4a, ogg, webm, flac, mp4, mov…).");
  }
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
export async function normalise(input: string, output: string, maxSeconds: number, signal?: AbortSignal): Promise<number> {
  const { code } = await run(
    ffmpegPath(),
    [
      "-nostdin", "-v", "error", "-y", "-i", input, "-vn", "-t", maxSeconds.toFixed(2), "-ac", "1", "-ar", String(SAMPLE_RATE),
      "-c:a", "pcm_s16le", "-fflags", "+bitexact", "-flags:a", "+bitexact", "-map_metadata", "-1", "-f", "wav", output,
    ],
    { signal },
  );
  if (code !== 0) throw new AudioRejected(422, "This audio could not be decoded. The file may be damaged.");
  const { size } = await stat(output);
  return Math.max(0, size - WAV_HEADER_BYTES) / BYTES_PER_SECOND;
}

/** A WAV whose header promises more sample bytes than the file holds was cut off. */
async function wavIsCutOff(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 4096));
    await handle.read(head, 0, head.length, 0);
    if (head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") return false;
    for (let offset = 12; offset + 8 <= head.length; ) {
      const id = head.toString("ascii", offset, offset + 4);
      const length = head.readUInt32LE(offset + 4);
      if (id === "data") return length !== 0xffffffff && offset + 8 + length > size;
      offset += 8 + length + (length % 2);
    }
    return false;
  } finally {
    await handle.close();
  }
}

/** Thrown when the audio is longer than the caller allowed (the plan's remaining time). */
export class TooLong extends Error {
  constructor(readonly seconds: number) {
    super("audio longer than allowed");
  }
}

/**
 * Checks an uploaded file and writes its normalised copy: refuses what is not audio, is
 * empty, or is cut off (a WAV whose header promises more, or a file that decodes to much
 * less than its container says). Audio longer than `maxSeconds` throws TooLong before
 * or while decoding, so it never costs more than the allowance in disk and CPU.
 */
export async function inspectAndNormalise(original: string, normalised: string, maxSeconds = MAX_FILE_SECONDS): Promise<{ durationS: number; probe: Probe }> {
  const info = await probe(original);
  const cap = Math.min(maxSeconds, MAX_FILE_SECONDS);
  if (info.durationS !== null && info.durationS > cap + 1) throw new TooLong(info.durationS);
  const durationS = await normalise(original, normalised, cap + 1);
  if (durationS > cap + 0.5) throw new TooLong(info.durationS ?? durationS);
  if (durationS < 0.1) throw new AudioRejected(422, "This file contains no audio to transcribe.");
  const claimed = info.durationS;
  const short = claimed !== null && claimed - durationS > 1 && durationS < claimed * 0.9;
  if (short || (info.formatName === "wav" && (await wavIsCutOff(original)))) {
    const detail = claimed ? ` Only ${formatDuration(durationS)} of ${formatDuration(claimed)} could be read.` : "";
    throw new AudioRejected(422, `This file seems to be cut off or damaged.${detail} Upload the complete file again.`);
  }
  return { durationS, probe: info };
}

export interface Chunk {
  file: string;
  offsetS: number;
}

/**
 * Splits normalised audio into pieces of about `seconds`, so long audio never sits in
 * memory whole. Offsets come from the pieces' real lengths (cuts land on packet edges).
 */
export async function splitWav(wav: string, seconds: number, dir: string, signal?: AbortSignal): Promise<Chunk[]> {
  const pattern = path.join(dir, "chunk-%05d.wav");
  const { code, stderr } = await run(
    ffmpegPath(),
    [
      "-nostdin", "-v", "error", "-y", "-i", wav, "-f", "segment", "-segment_time", String(seconds),
      "-c", "copy", "-fflags", "+bitexact", "-map_metadata", "-1", pattern,
    ],
    { signal },
  );
  if (code !== 0) throw new Error(`splitting audio failed: ${stderr.trim()}`);
  const files = (await readdir(dir)).filter((f) => /^chunk-\d{5}\.wav$/.test(f)).sort();
  const chunks: Chunk[] = [];
  let offsetS = 0;
  for (const f of files) {
    const file = path.join(dir, f);
    chunks.push({ file, offsetS });
    offsetS += Math.max(0, (await stat(file)).size - WAV_HEADER_BYTES) / BYTES_PER_SECOND;
  }
  return chunks;
}
