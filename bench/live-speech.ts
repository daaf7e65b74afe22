import { writeFileSync } from "node:fs";
import path from "node:path";
import { BYTES_PER_SECOND, wavHeader } from "@/lib/audio/wav";
import { LIVE_CHUNK_BYTES } from "@/lib/recordings/pcm-chunks";
import { wavChunks } from "@/lib/speakers/wav-chunks";
import { ENGINES } from "@/lib/transcription/engines/registry";

/**
 * The samples of a 16 kHz mono 16-bit WAV (wherever its `data` chunk starts), said `repeats`
 * times and padded with silence to whole live chunks.
 */
export async function loadSpeech(wavPath: string, repeats: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const { samples } of wavChunks(wavPath, 600)) parts.push(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
  const once = Buffer.concat(parts);
  const joined = Buffer.concat(Array.from({ length: repeats }, () => once));
  return Buffer.concat([joined, Buffer.alloc((LIVE_CHUNK_BYTES - (joined.length % LIVE_CHUNK_BYTES)) % LIVE_CHUNK_BYTES)]);
}

/** What the bare PocketSphinx CLI hears in the same audio, in one pass over the whole file. */
export async function bareSphinxText(pcm: Buffer, dir: string): Promise<string> {
  const wavPath = path.join(dir, "bench-speech.wav");
  writeFileSync(wavPath, Buffer.concat([wavHeader(pcm.length), pcm]));
  const { segments } = await ENGINES.sphinx.transcribe({ wavPath, durationS: pcm.length / BYTES_PER_SECOND, language: "en" });
  return segments.map((s) => s.text).join(" ");
}
