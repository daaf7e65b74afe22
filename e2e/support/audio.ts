import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { run } from "@/lib/process/run";

const FIXTURES = path.resolve(__dirname, "../../test/fixtures/audio");
export const JFK_WAV = path.join(FIXTURES, "jfk.wav");
export const jfkWav = () => readFileSync(JFK_WAV);
/**
 * Three minutes of continuous speech (espeak-ng's steady-reading.ogg looped), made once per
 * run: four pieces, the first two readable well before the last two are done.
 */
export async function longReading(): Promise<string> {
  const file = path.join(os.tmpdir(), "verbatim-e2e-long-reading.ogg");
  if (!existsSync(file)) {
    const args = ["-v", "error", "-y", "-stream_loop", "-1", "-i", path.join(FIXTURES, "steady-reading.ogg"), "-t", "180", "-c:a", "libvorbis", file];
    const made = await run("ffmpeg", args, { timeoutMs: 120_000 });
    if (made.code !== 0) throw new Error(`ffmpeg could not make the long reading: ${made.stderr}`);
  }
  return file;
}

/**
 * 19 s of the read speech where PocketSphinx mishears three names of early printers
 * ("Sweynheim and Pannartz … the monastery of Subiaco"): cut once per run.
 */
export async function printersClip(): Promise<string> {
  const file = path.join(os.tmpdir(), "verbatim-e2e-printers.wav");
  if (!existsSync(file)) {
    const args = ["-v", "error", "-y", "-ss", "340", "-t", "19", "-i", path.join(FIXTURES, "read-speech.ogg"), "-ac", "1", "-ar", "16000", file];
    const made = await run("ffmpeg", args, { timeoutMs: 60_000 });
    if (made.code !== 0) throw new Error(`ffmpeg could not cut the printers' clip: ${made.stderr}`);
  }
  return file;
}
