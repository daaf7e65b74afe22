/**
 * `npm run bench:transcribe`: the bare PocketSphinx CLI against the full pipeline (upload
 * stream → probe → normalise → queue → engine → transcript stored) on the same audio, and
 * peak memory of the whole process tree for a short and a 30-minute file.
 *
 *   npm run bench:transcribe -- [--minutes 5] [--long-minutes 30]
 */
import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { openDatabase } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db/migrate";
import { subscriptions, users } from "@/lib/db/schema";
import { run } from "@/lib/process/run";
import { createTranscription } from "@/lib/transcription/create";
import { SPHINX_COMMAND } from "@/lib/transcription/engines/sphinx";
import { processJob } from "@/lib/transcription/process-job";
import { claimNext } from "@/lib/transcription/queue";
import { watchPeakMemory } from "./process-tree-memory";

const JFK = path.resolve(__dirname, "../test/fixtures/audio/jfk.wav");

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Speech of the given length: the JFK clip looped, as 16 kHz mono WAV. */
async function makeSpeech(minutes: number, dir: string): Promise<string> {
  const file = path.join(dir, `speech-${minutes}min.wav`);
  await run("ffmpeg", ["-v", "error", "-y", "-stream_loop", "-1", "-i", JFK, "-t", String(minutes * 60), "-ac", "1", "-ar", "16000", file], { timeoutMs: 120_000 });
  return file;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; peak: number; value: T }> {
  const memory = watchPeakMemory();
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, peak: memory.stop(), value };
}

async function pipeline(file: string, dataDir: string) {
  const handle = openDatabase({ dataDir: "memory://" });
  await migrateAndSeed(handle);
  const db = handle.db;
  const userId = "bench-user";
  await db.insert(users).values({ id: userId, name: "Bench", email: "bench@example.com", emailVerified: true }).onConflictDoNothing();
  await db.insert(subscriptions).values({ id: "bench-sub", userId, planId: "enterprise", status: "active", billingInterval: "monthly" }).onConflictDoNothing();
  try {
    return await timed(async () => {
      await createTranscription(db, {
        userId,
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        declaredBytes: null,
        filename: path.basename(file),
        contentType: "audio/wav",
        language: "en",
        source: "upload",
      });
      const job = await claimNext(db, "bench", 60_000);
      if (!job) throw new Error("no job");
      const outcome = await processJob(db, job, { workerId: "bench", leaseMs: 60_000 });
      if (outcome !== "done") throw new Error(`pipeline ended ${outcome}`);
    });
  } finally {
    await handle.close();
    void dataDir;
  }
}

async function main() {
  const minutes = arg("minutes", 5);
  const longMinutes = arg("long-minutes", 30);
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-"));
  Object.assign(process.env, { DATA_DIR: dir, TRANSCRIBE_ENGINE: "sphinx" });
  try {
    const audio = await makeSpeech(minutes, dir);
    console.log(`Audio: ${minutes} min of speech (jfk.wav looped), engine: PocketSphinx\n`);

    const bare = await timed(() => run(SPHINX_COMMAND(), ["-infile", audio, "-time", "yes", "-logfn", "/dev/null"], { timeoutMs: 3_600_000 }));
    console.log(`bare CLI (pocketsphinx_continuous)   ${secs(bare.ms).padStart(9)}   peak RSS ${mb(bare.peak)}`);
    const full = await pipeline(audio, dir);
    console.log(`full pipeline (upload → stored)      ${secs(full.ms).padStart(9)}   peak RSS ${mb(full.peak)}`);
    console.log(`ratio pipeline / bare CLI            ${(full.ms / bare.ms).toFixed(3).padStart(9)}   (target ≤ 1.2)`);
    console.log(`real-time factor (pipeline)          ${(full.ms / 1000 / (minutes * 60)).toFixed(3).padStart(9)}\n`);

    if (longMinutes > 0) {
      const long = await makeSpeech(longMinutes, dir);
      const result = await pipeline(long, dir);
      console.log(`${longMinutes}-min file: full pipeline      ${secs(result.ms).padStart(9)}   peak RSS ${mb(result.peak)}`);
      console.log(`memory growth ${minutes} → ${longMinutes} min             ${(result.peak / full.peak).toFixed(2).padStart(9)}×  (flat ≈ 1)`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
