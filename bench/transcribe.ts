/**
 * `npm run bench:transcribe`: on the same 10 minutes of continuous speech, the bare
 * PocketSphinx CLI against the full pipeline (upload stream → probe → normalise → queue →
 * pieces → engine → transcript stored), once with one piece at a time and once with pieces
 * in parallel (TRANSCRIBE_PARALLEL unset: cores ÷ threads per engine process). Prints wall
 * time, time until the first piece is readable, and peak RSS of the whole process tree.
 *
 *   npm run bench:transcribe -- [--minutes 10] [--long-minutes 0]
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { transcriptions } from "@/lib/db/schema";
import { run } from "@/lib/process/run";
import { piecesAtOnce } from "@/lib/transcription/engines/capacity";
import { SPHINX_COMMAND } from "@/lib/transcription/engines/sphinx";
import { runNextJob } from "@/lib/worker/run-next";
import { uploadWav } from "@/test/support/uploads";
import { benchUser } from "./bench-user";
import { watchPeakMemory } from "./process-tree";

// espeak-ng reading a paragraph without long pauses: the hard case for cutting pieces.
const READING = path.resolve(__dirname, "../test/fixtures/audio/steady-reading.ogg");

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Speech of the given length: the reading looped, as 16 kHz mono WAV. */
async function makeSpeech(minutes: number, dir: string): Promise<string> {
  const file = path.join(dir, `speech-${minutes}min.wav`);
  await run("ffmpeg", ["-v", "error", "-y", "-stream_loop", "-1", "-i", READING, "-t", String(minutes * 60), "-ac", "1", "-ar", "16000", file], { timeoutMs: 300_000 });
  return file;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; peak: number; value: T }> {
  const memory = watchPeakMemory();
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, peak: memory.stop(), value };
}

/** When the first piece of the transcription became readable, watched in the database as the page does. */
function watchFirstPiece(db: Database, started: number) {
  let firstMs: number | null = null;
  let stopped = false;
  const watching = (async () => {
    while (!stopped && firstMs === null) {
      const [row] = await db.select({ piecesDone: transcriptions.piecesDone, status: transcriptions.status }).from(transcriptions);
      if (row && (row.piecesDone > 0 || row.status === "done")) firstMs = performance.now() - started;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  // Called when the job is done: a file of one piece is first readable then.
  return async () => {
    stopped = true;
    await watching;
    return firstMs ?? performance.now() - started;
  };
}

async function pipeline(file: string, parallel: number | null) {
  if (parallel === null) delete process.env.TRANSCRIBE_PARALLEL;
  else process.env.TRANSCRIBE_PARALLEL = String(parallel);
  const handle = openDatabase({ dataDir: "memory://" });
  await migrateAndSeed(handle);
  const db = handle.db;
  const userId = await benchUser(db, "bench-user");
  try {
    let firstPiece: () => Promise<number> = async () => 0;
    const result = await timed(async () => {
      const started = performance.now();
      await uploadWav(db, userId, file);
      firstPiece = watchFirstPiece(db, started);
      const ran = await runNextJob(db, "bench", ["transcribe"], { leaseMs: 60_000 });
      if (!ran) throw new Error("no job");
      const outcome = ran.outcome;
      if (outcome !== "done") throw new Error(`pipeline ended ${outcome}`);
      const [row] = await db.select().from(transcriptions).where(eq(transcriptions.userId, userId));
      // A file of one piece stores no pieces of its own.
      return Math.max(1, row.piecesTotal);
    });
    return { ...result, firstPieceMs: await firstPiece() };
  } finally {
    await handle.close();
  }
}

async function main() {
  const minutes = arg("minutes", 10);
  const longMinutes = arg("long-minutes", 0);
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-"));
  Object.assign(process.env, { DATA_DIR: dir, TRANSCRIBE_ENGINE: "sphinx" });
  try {
    const audio = await makeSpeech(minutes, dir);
    console.log(`Audio: ${minutes} min of continuous speech (steady-reading looped), engine: PocketSphinx, ${os.availableParallelism()} cores\n`);
    const row = (label: string, ms: number, peak: number, extra = "") => console.log(`${label.padEnd(40)} ${secs(ms).padStart(9)}   peak RSS ${mb(peak).padStart(7)}${extra}`);

    const bare = await timed(() => run(SPHINX_COMMAND(), ["-infile", audio, "-time", "yes", "-logfn", "/dev/null"], { timeoutMs: 3_600_000 }));
    row("bare CLI (pocketsphinx_continuous)", bare.ms, bare.peak);
    const sequential = await pipeline(audio, 1);
    row("full pipeline, one piece at a time", sequential.ms, sequential.peak, `   ${sequential.value} pieces`);
    const lanes = (delete process.env.TRANSCRIBE_PARALLEL, piecesAtOnce(1));
    const parallel = await pipeline(audio, null);
    row(`full pipeline, ${lanes} pieces at once`, parallel.ms, parallel.peak, `   ${parallel.value} pieces`);
    console.log();
    console.log(`${"ratio parallel / bare CLI".padEnd(40)} ${(parallel.ms / bare.ms).toFixed(3).padStart(9)}   (target ≤ 0.6)`);
    console.log(`${"ratio sequential / bare CLI".padEnd(40)} ${(sequential.ms / bare.ms).toFixed(3).padStart(9)}`);
    const first = parallel.firstPieceMs;
    console.log(`${"first piece readable (parallel)".padEnd(40)} ${secs(first).padStart(9)}   (target ≤ 30 s, from the start of the upload)`);
    console.log(`${"real-time factor (parallel)".padEnd(40)} ${(parallel.ms / 1000 / (minutes * 60)).toFixed(3).padStart(9)}`);

    if (longMinutes > 0) {
      const long = await makeSpeech(longMinutes, dir);
      const result = await pipeline(long, null);
      console.log();
      row(`${longMinutes}-min file, full pipeline`, result.ms, result.peak);
      console.log(`${`memory growth ${minutes} → ${longMinutes} min`.padEnd(40)} ${(result.peak / parallel.peak).toFixed(2).padStart(9)}×  (flat ≈ 1)`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
