import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { env } from "@/lib/env";

/** Ogg's page checksum: CRC-32 with polynomial 0x04c11db7, not reflected, starting at 0. */
function oggCrc(page: Buffer): number {
  let crc = 0;
  for (const byte of page) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

/**
 * A real half-second Opus file (about 2 KB) whose last page says it ends after `claimedS`
 * seconds, with a valid checksum: ffprobe reports the claimed length, decoding finds half a
 * second. What an account would upload to hold a plan's hours without paying for the bytes.
 */
export function writeLyingOgg(file: string, claimedS: number): number {
  execFileSync(env().FFMPEG_PATH, ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=0.5", "-ac", "1", "-ar", "48000", "-c:a", "libopus", "-b:a", "24k", file]);
  const bytes = readFileSync(file);
  const last = bytes.lastIndexOf("OggS");
  const segments = bytes[last + 26];
  const length = 27 + segments + [...bytes.subarray(last + 27, last + 27 + segments)].reduce((a, b) => a + b, 0);
  const page = bytes.subarray(last, last + length);
  // Opus counts 48 kHz samples, after its pre-skip (in the first page's header).
  const preSkip = bytes.readUInt16LE(bytes.indexOf("OpusHead") + 10);
  page.writeBigInt64LE(BigInt(Math.round(claimedS * 48_000) + preSkip), 6);
  page.writeUInt32LE(0, 22);
  page.writeUInt32LE(oggCrc(page), 22);
  writeFileSync(file, bytes);
  return bytes.length;
}
