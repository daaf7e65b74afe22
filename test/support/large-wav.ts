import { createWriteStream, readFileSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";

/**
 * Large real audio for upload tests and benchmarks: a WAV of exactly `bytes` bytes holding
 * JFK's 11 s of speech on loop, at 192 kHz, 8 channels of 32-bit PCM (6.1 MB a second), so a
 * 1 GiB file is three minutes of audio — big enough to test transport, short enough that
 * decoding it to its full length takes seconds. Written streaming: memory stays flat.
 */
const LARGE_WAV = { sampleRate: 192_000, channels: 8, bytesPerSample: 4 } as const;
const BYTE_RATE = LARGE_WAV.sampleRate * LARGE_WAV.channels * LARGE_WAV.bytesPerSample;
const HEADER_BYTES = 44;
const UPSAMPLE = LARGE_WAV.sampleRate / 16_000;
const JFK = path.resolve(__dirname, "../fixtures/audio/jfk.wav");

/** Seconds of audio in a large WAV of this many bytes (its decoded length). */
export function largeWavSeconds(bytes: number): number {
  const frame = LARGE_WAV.channels * LARGE_WAV.bytesPerSample;
  return Math.floor((bytes - HEADER_BYTES) / frame) / LARGE_WAV.sampleRate;
}

function header(dataBytes: number): Buffer {
  const h = Buffer.alloc(HEADER_BYTES);
  h.write("RIFF", 0, "ascii");
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write("WAVEfmt ", 8, "ascii");
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(LARGE_WAV.channels, 22);
  h.writeUInt32LE(LARGE_WAV.sampleRate, 24);
  h.writeUInt32LE(BYTE_RATE, 28);
  h.writeUInt16LE(LARGE_WAV.channels * LARGE_WAV.bytesPerSample, 32);
  h.writeUInt16LE(LARGE_WAV.bytesPerSample * 8, 34);
  h.write("data", 36, "ascii");
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** JFK's 16 kHz samples, each held for UPSAMPLE frames on every channel: one loop of the speech. */
function speechLoop(): Buffer {
  const jfk = readFileSync(JFK);
  const samples = new Int16Array(jfk.buffer, jfk.byteOffset + HEADER_BYTES, Math.floor((jfk.length - HEADER_BYTES) / 2));
  const frames = samples.length * UPSAMPLE;
  const out = Buffer.alloc(frames * LARGE_WAV.channels * LARGE_WAV.bytesPerSample);
  let offset = 0;
  for (const sample of samples) {
    const value = sample * 65_536;
    for (let r = 0; r < UPSAMPLE; r++) {
      for (let c = 0; c < LARGE_WAV.channels; c++) {
        out.writeInt32LE(value, offset);
        offset += 4;
      }
    }
  }
  return out;
}

/** Writes the file (a whole number of frames: `bytes` is rounded down to one). */
export async function writeLargeWav(file: string, bytes: number): Promise<number> {
  const frame = LARGE_WAV.channels * LARGE_WAV.bytesPerSample;
  const dataBytes = Math.floor((bytes - HEADER_BYTES) / frame) * frame;
  const loop = speechLoop();
  const out = createWriteStream(file);
  out.write(header(dataBytes));
  for (let left = dataBytes; left > 0; ) {
    const piece = loop.subarray(0, Math.min(left, loop.length));
    left -= piece.length;
    if (!out.write(piece)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return HEADER_BYTES + dataBytes;
}
