import { open, type FileHandle } from "node:fs/promises";
import { BYTES_PER_SECOND, SAMPLE_RATE } from "@/lib/audio/wav";
import { DiarizationError } from "./diarization";

interface WavChunk {
  samples: Int16Array;
  /** 0-based */
  index: number;
  /** how many chunks the file has */
  count: number;
  /** where it starts in the file */
  startMs: number;
}

// Room for the chunks (fmt, LIST, fact …) other writers than the app put before "data".
const HEADER_SEARCH_BYTES = 64 * 1024;
const NOT_NORMALISED = "The audio is not a 16 kHz mono 16-bit WAV file.";

/** Where the samples are: after a 44-byte header in the app's own files, after more chunks in others'. */
async function readLayout(file: FileHandle): Promise<{ dataStart: number; dataBytes: number }> {
  const { size } = await file.stat();
  const head = Buffer.alloc(Math.min(size, HEADER_SEARCH_BYTES));
  await file.read(head, 0, head.length, 0);
  if (head.length < 12 || head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") {
    throw new DiarizationError(NOT_NORMALISED);
  }
  let formatSeen = false;
  for (let at = 12; at + 8 <= head.length; ) {
    const id = head.toString("ascii", at, at + 4);
    const length = head.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === "fmt ") {
      if (body + 16 > head.length) break;
      const monoPcm = head.readUInt16LE(body) === 1 && head.readUInt16LE(body + 2) === 1;
      if (!monoPcm || head.readUInt32LE(body + 4) !== SAMPLE_RATE || head.readUInt16LE(body + 14) !== 16) throw new DiarizationError(NOT_NORMALISED);
      formatSeen = true;
    } else if (id === "data") {
      if (!formatSeen) break;
      if (body + length > size) {
        const heard = (size - body) / BYTES_PER_SECOND;
        const announced = length / BYTES_PER_SECOND;
        throw new DiarizationError(`The audio file ends after ${heard.toFixed(1)} s of the ${announced.toFixed(1)} s its header announces.`);
      }
      return { dataStart: body, dataBytes: length - (length % 2) };
    }
    at = body + length + (length % 2);
  }
  throw new DiarizationError(NOT_NORMALISED);
}

/**
 * The samples of a normalised WAV, `chunkSeconds` at a time, read from disk as they are
 * needed: a 10-hour file (1.15 GB) is never held whole. Throws a DiarizationError saying what
 * is wrong when the file is not such a WAV or is shorter than its header says.
 */
export async function* wavChunks(wavPath: string, chunkSeconds: number): AsyncGenerator<WavChunk> {
  let file: FileHandle;
  try {
    file = await open(wavPath, "r");
  } catch {
    throw new DiarizationError("The audio file could not be read.");
  }
  try {
    const { dataStart, dataBytes } = await readLayout(file);
    // Chunks of equal length, none longer than asked: a last chunk of a second or two would
    // hold too little speech to describe a voice, and could stand as a speaker of its own.
    const count = Math.ceil(dataBytes / (Math.max(1, Math.round(chunkSeconds * SAMPLE_RATE)) * 2));
    const chunkBytes = count ? Math.ceil(dataBytes / count / 2) * 2 : 0;
    for (let index = 0; index < count; index++) {
      const bytes = Math.min(chunkBytes, dataBytes - index * chunkBytes);
      // A buffer of its own (not from Node's pool), so its samples are 2-byte aligned.
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await file.read(buffer, 0, bytes, dataStart + index * chunkBytes);
      if (bytesRead < bytes) throw new DiarizationError("The audio file changed while it was being read.");
      const startMs = ((index * chunkBytes) / BYTES_PER_SECOND) * 1000;
      yield { samples: new Int16Array(buffer.buffer, buffer.byteOffset, bytes / 2), index, count, startMs };
    }
  } finally {
    await file.close();
  }
}
