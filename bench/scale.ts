/**
 * `npm run bench:scale`: the multi-host layout on this machine — PostgreSQL and an
 * S3-compatible server (s3rver), workers as separate processes with their own data
 * directories, each running one piece at a time (a one-core host). Prints the wall time of
 * one long file with 1 and with 2 workers and their ratio, then the upload of a large file:
 * time until it is accepted (the 201 of the API) and how much the accepting process's RSS
 * grew.
 *
 *   npm run bench:scale -- [--minutes 10] [--upload-mb 1024]
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { settings, transcriptions } from "@/lib/db/schema";
import { run } from "@/lib/process/run";
import { startTestPostgres } from "@/test/support/postgres";
import { startS3Server } from "@/test/support/s3-server";
import { uploadWav } from "@/test/support/uploads";
import { arg, secs } from "./args";
import { benchUser } from "./bench-user";
import { startWorkerProcess } from "./worker-process";

const ROOT = path.resolve(__dirname, "..");
const READING = path.join(ROOT, "test/fixtures/audio/steady-reading.ogg");

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const startWorkers = (count: number, env: Record<string, string>) => Array.from({ length: count }, () => startWorkerProcess({ ...process.env, ...env }));

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 250));
}

async function main() {
  const minutes = arg("minutes", 10);
  const uploadMb = arg("upload-mb", 1024);
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-scale-"));
  const pg = await startTestPostgres();
  const s3 = await startS3Server();
  Object.assign(process.env, s3.env, { DATABASE_URL: pg.url, DATA_DIR: dir, TRANSCRIBE_ENGINE: "sphinx", BETTER_AUTH_SECRET: "bench-secret-long-enough-for-signing" });
  const handle = openDatabase({ url: pg.url });
  await migrateAndSeed(handle, pg.url);
  const db = handle.db;
  // Each worker process plays a one-core host (one piece at a time): this machine has two cores.
  const workerEnv = { ...s3.env, DATABASE_URL: pg.url, TRANSCRIBE_ENGINE: "sphinx", TRANSCRIBE_PARALLEL: "1", BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET! };
  try {
    const speech = path.join(dir, "speech.wav");
    await run("ffmpeg", ["-v", "error", "-y", "-stream_loop", "-1", "-i", READING, "-t", String(minutes * 60), "-ac", "1", "-ar", "16000", speech], { timeoutMs: 300_000 });
    console.log(`${minutes} min of continuous speech, PocketSphinx, PostgreSQL + s3rver, workers as processes with their own disks, one piece at a time each, ${os.availableParallelism()} cores\n`);
    const times: number[] = [];
    for (const count of [1, 2]) {
      const userId = await benchUser(db, `bench-${count}`);
      const t = await uploadWav(db, userId, speech);
      const started = performance.now();
      const workers = startWorkers(count, workerEnv);
      try {
        await until(async () => (await db.select({ status: transcriptions.status }).from(transcriptions).where(eq(transcriptions.id, t.id)))[0]?.status === "done");
      } finally {
        for (const w of workers) process.kill(-w.pid!, "SIGKILL");
      }
      times.push(performance.now() - started);
      console.log(`${`${count} worker${count > 1 ? "s" : ""} on one file`.padEnd(36)} ${secs(times.at(-1)!).padStart(9)}`);
    }
    console.log(`${"ratio 2 workers / 1 worker".padEnd(36)} ${(times[1] / times[0]).toFixed(2).padStart(9)}\n`);

    // A large upload: noise, so nothing compresses; the time includes reading it to disk,
    // checking its headers and the multipart upload to the bucket.
    const big = path.join(dir, "big.wav");
    const seconds = Math.floor((uploadMb * 1024 * 1024) / 32_000);
    await run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `anoisesrc=r=16000:a=0.1:d=${seconds}`, "-ac", "1", "-c:a", "pcm_s16le", big], { timeoutMs: 900_000 });
    const userId = await benchUser(db, "bench-upload");
    // As an operator would raise the upload limit for long recordings.
    await db.update(settings).set({ value: String(uploadMb + 64) }).where(eq(settings.key, "max_upload_mb"));
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const started = performance.now();
    await uploadWav(db, userId, big);
    const acceptedMs = performance.now() - started;
    clearInterval(sampler);
    console.log(`${`upload of ${uploadMb} MB: accepted after`.padEnd(36)} ${secs(acceptedMs).padStart(9)}   (headers checked, stored in the bucket; the worker decodes it)`);
    console.log(`${"RSS growth of the accepting process".padEnd(36)} ${mb(peak - before).padStart(9)}   (target < 100 MB)`);
  } finally {
    await handle.close();
    await s3.close();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
