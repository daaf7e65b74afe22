import { writeFileSync } from "node:fs";
import path from "node:path";
import { BYTES_PER_SECOND, wavHeader } from "@/lib/audio/wav";
import { LIVE_CHUNK_BYTES } from "@/lib/recordings/store/pcm-chunks";
import { wavChunks } from "@/lib/speakers/wav-chunks";
import { ENGINES } from "@/lib/transcription/engines/registry";
import { inspectAndNormalise } from "@/lib/transcription/audio";
import { planPieces, writePiece } from "@/lib/transcription/pieces";

/**
 * The samples of an audio file (any format ffmpeg reads, as an upload is decoded), said
 * `repeats` times and padded with silence to whole live chunks.
 */
export async function loadSpeech(audioPath: string, repeats: number, dir: string): Promise<Buffer> {
  const wavPath = path.join(dir, "bench-speech-decoded.wav");
  await inspectAndNormalise(audioPath, wavPath);
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

/** What an upload of the same audio gets: the pieces the full-quality pass cuts, each through PocketSphinx. */
export async function uploadedSphinxText(pcm: Buffer, dir: string): Promise<string> {
  const wavPath = path.join(dir, "bench-speech.wav");
  writeFileSync(wavPath, Buffer.concat([wavHeader(pcm.length), pcm]));
  const engine = ENGINES.sphinx;
  const texts: string[] = [];
  for (const piece of await planPieces(wavPath, pcm.length / BYTES_PER_SECOND, engine.pieceSeconds, engine.parallelism())) {
    const file = path.join(dir, `bench-piece-${piece.index}.wav`);
    await writePiece(wavPath, piece, file);
    const { segments } = await engine.transcribe({ wavPath: file, durationS: piece.endS - piece.startS, language: "en" });
    texts.push(...segments.map((s) => s.text));
  }
  return texts.join(" ");
}
