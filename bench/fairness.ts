/**
 * `npm run bench:fairness`: one worker (the in-process worker of `npm start`, on PostgreSQL,
 * PocketSphinx) and two accounts. Account A queues a backlog — one long file first, then many
 * shorter ones — and a little later account B uploads one minute. Prints B's time to done
 * beside B's time alone and under first-come-first-served, the backlog's whole time beside
 * first-come-first-served's, and how long one piece of a long file takes. Targets (issue 38):
 * B ≤ 2 × alone + one piece; the backlog's throughput ≥ 0.95 × FIFO's.
 *
 *   npm run bench:fairness -- [--a-minutes 120] [--files 8] [--b-minutes 1] [--b-after 20]
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { openDatabase, type Database } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { transcriptions } from "@/lib/db/schema";
import { run } from "@/lib/process/run";
import { sphinxEngine } from "@/lib/transcription/engines/sphinx";
import { startWorker } from "@/lib/worker/worker";
import { startTestPostgres } from "@/test/support/postgres";
import { uploadWav } from "@/test/support/uploads";
import { arg, secs } from "./args";
import { benchUser } from "./bench-user";

const ROOT = path.resolve(__dirname, "..");
const READING = path.join(ROOT, "test/fixtures/audio/steady-reading.ogg");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function speech(dir: string, name: string, seconds: number): Promise<string> {
  const file = path.join(dir, `${name}.wav`);
  await run("ffmpeg", ["-v", "error", "-y", "-stream_loop", "-1", "-i", READING, "-t", String(seconds), "-ac", "1", "-ar", "16000", file], { timeoutMs: 300_000 });
  return file;
}

/** Resolves with the time each of `ids` was done, in ms from `since`; throws if one fails. */
async function doneTimes(db: Database, ids: string[], since: number): Promise<Map<string, number>> {
  const done = new Map<string, number>();
  while (done.size < ids.length) {
    const rows = await db.select({ id: transcriptions.id, status: transcriptions.status, error: transcriptions.error }).from(transcriptions).where(inArray(transcriptions.id, ids));
    for (const row of rows) {
      if (row.status === "failed" || row.status === "canceled") throw new Error(`${row.id} ${row.status}: ${row.error}`);
      if (row.status === "done" && !done.has(row.id)) done.set(row.id, performance.now() - since);
    }
    await sleep(200);
  }
  return done;
}

interface Files {
  long: string;
  short: string[];
  b: string;
}

/** A's backlog, then B's minute `bAfterMs` later, on a worker of this order: B's time to done and the whole time. */
async function round(db: Database, label: string, files: Files, order: "turns" | "fifo", bAfterMs: number) {
  const a = await benchUser(db, `a-${label}`);
  const b = await benchUser(db, `b-${label}`);
  const backlog: string[] = [];
  for (const file of [files.long, ...files.short]) backlog.push((await uploadWav(db, a, file)).id);
  const started = performance.now();
  const worker = startWorker(db, { filesOrder: order, schedules: false });
  try {
    await sleep(bAfterMs);
    const bQueued = performance.now();
    const bId = (await uploadWav(db, b, files.b)).id;
    const bDone = (await doneTimes(db, [bId], bQueued)).get(bId)!;
    const all = await doneTimes(db, [...backlog, bId], started);
    return { bMs: bDone, totalMs: Math.max(...all.values()) };
  } finally {
    await worker.stop();
  }
}

async function main() {
  const aMinutes = arg("a-minutes", 120);
  const fileCount = arg("files", 8);
  const bMinutes = arg("b-minutes", 1);
  const bAfterMs = arg("b-after", 20) * 1000;
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-fairness-"));
  const pg = await startTestPostgres();
  Object.assign(process.env, { DATABASE_URL: pg.url, DATA_DIR: dir, TRANSCRIBE_ENGINE: "sphinx", LOG_LEVEL: "warn", BETTER_AUTH_SECRET: "bench-secret-long-enough-for-signing" });
  const handle = openDatabase({ url: pg.url });
  try {
    await migrateAndSeed(handle, pg.url);
    const db = handle.db;
    // Half of A's audio is one long file, the rest many files of equal length.
    const shortSeconds = Math.round((aMinutes * 60) / 2 / fileCount);
    const long = await speech(dir, "a-long", (aMinutes * 60) / 2);
    const short = await speech(dir, "a-short", shortSeconds);
    const files: Files = { long, short: Array.from({ length: fileCount }, () => short), b: await speech(dir, "b", bMinutes * 60) };
    console.log(
      `A: ${aMinutes} min (one ${aMinutes / 2}-min file, then ${fileCount} × ${(shortSeconds / 60).toFixed(1)} min); B: ${bMinutes} min, ${bAfterMs / 1000} s later; ` +
        `PocketSphinx, one in-process worker on PostgreSQL, ${os.availableParallelism()} cores\n`,
    );

    // B alone, and one piece of a long file alone (what B may wait for beyond its own time).
    const solo = await benchUser(db, "b-alone");
    let worker = startWorker(db, { schedules: false });
    const aloneStart = performance.now();
    const aloneId = (await uploadWav(db, solo, files.b)).id;
    const aloneMs = (await doneTimes(db, [aloneId], aloneStart)).get(aloneId)!;
    await worker.stop();
    const piece = await speech(dir, "piece", sphinxEngine.pieceSeconds);
    const pieceUser = await benchUser(db, "piece");
    worker = startWorker(db, { schedules: false });
    const pieceStart = performance.now();
    const pieceId = (await uploadWav(db, pieceUser, piece)).id;
    const pieceMs = (await doneTimes(db, [pieceId], pieceStart)).get(pieceId)!;
    await worker.stop();

    const fair = await round(db, "turns", files, "turns", bAfterMs);
    const fifo = await round(db, "fifo", files, "fifo", bAfterMs);
    const row = (name: string, ...cells: string[]) => console.log(`${name.padEnd(44)}${cells.map((c) => c.padStart(14)).join("")}`);
    row("", "turns", "FIFO", "alone");
    row("B's minute: queued → done", secs(fair.bMs), secs(fifo.bMs), secs(aloneMs));
    row("A's backlog and B: first upload → all done", secs(fair.totalMs), secs(fifo.totalMs));
    row(`one ${sphinxEngine.pieceSeconds}-s piece, alone`, "", "", secs(pieceMs));
    const bound = 2 * aloneMs + pieceMs;
    console.log(`\nB ≤ 2 × alone + one piece (${secs(bound)}): ${fair.bMs <= bound ? "yes" : "NO"} (${(fair.bMs / aloneMs).toFixed(2)} × alone)`);
    console.log(`throughput vs FIFO (FIFO time / turns time, ≥ 0.95): ${(fifo.totalMs / fair.totalMs).toFixed(3)}`);
  } finally {
    await handle.close();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
