/**
 * `npm run bench:live-db`: what live recordings cost PostgreSQL. For each number of recordings
 * at once (`--sessions`, default 10,50,100), this process starts that many recordings (one
 * user each) on a fresh PostgreSQL and sends each one's audio as a browser does — a 250 ms
 * chunk of 16 kHz PCM (8,000 bytes) every 250 ms, through the functions the chunk endpoint
 * calls — for `--seconds` (default 20). No worker reads them: this is the write path alone.
 *
 * Per step: the chunks that arrived per second against those sent, their latency (p50, p99),
 * and PostgreSQL's side — transactions, rows written (the chunk table's TOAST rows included),
 * WAL bytes and table growth per second, and its CPU (all its processes) — then the same
 * divided per recording, and extrapolated to 1,000 recordings. Figures for docs/deploy.md.
 *
 * `--per-request N` sends N chunks in each request (every N × 250 ms), as a browser that
 * batched its sends would: what fewer, larger requests would save.
 *
 *   npm run bench:live-db -- [--sessions 10,50,100] [--seconds 20] [--per-request 1]
 */
process.env.TRANSCRIBE_ENGINE ??= "sphinx";
process.env.LOG_LEVEL ??= "warn";

import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { receiveChunks, startRecording } from "@/lib/recordings/recording";
import { LIVE_CHUNK_BYTES, LIVE_CHUNK_MS } from "@/lib/recordings/store/pcm-chunks";
import { startTestPostgres } from "@/test/support/postgres";
import { benchUser } from "./bench-user";
import { watchCpu } from "./process-tree";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const STEPS = (option("sessions") ?? "10,50,100").split(",").map(Number);
const SECONDS = Number(option("seconds") ?? 20);
const PER_REQUEST = Number(option("per-request") ?? 1);
const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

interface Counters {
  commits: number;
  inserted: number;
  updated: number;
  toastInserted: number;
  walBytes: number;
  liveBytes: number;
}

async function counters(db: Database): Promise<Counters> {
  const [row] = await queryRows<{ commits: string; inserted: string; updated: string; toast: string; wal: string; live: string }>(
    db,
    sql`select
      (select xact_commit from pg_stat_database where datname = current_database()) as commits,
      (select sum(n_tup_ins) from pg_stat_all_tables where schemaname = 'public') as inserted,
      (select sum(n_tup_upd) from pg_stat_all_tables where schemaname = 'public') as updated,
      (select coalesce(sum(t.n_tup_ins), 0) from pg_stat_all_tables t join pg_class c on c.reltoastrelid = t.relid where c.relname = 'live_chunks') as toast,
      pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') as wal,
      pg_total_relation_size('live_chunks') as live`,
  );
  return {
    commits: Number(row!.commits),
    inserted: Number(row!.inserted),
    updated: Number(row!.updated),
    toastInserted: Number(row!.toast),
    walBytes: Number(row!.wal),
    liveBytes: Number(row!.live),
  };
}

/** Statistics reach pg_stat_* when a backend reports them (at most once a second, on idle): wait for them to settle. */
async function settledCounters(db: Database): Promise<Counters> {
  await new Promise((r) => setTimeout(r, 1500));
  await queryRows(db, sql`select pg_stat_force_next_flush()`);
  return counters(db);
}

async function step(db: Database, pgPid: number, sessions: number): Promise<string[]> {
  const users = await Promise.all(Array.from({ length: sessions }, (_, i) => benchUser(db, `live-db-${sessions}-${i}-${Date.now()}`)));
  const recordings = await Promise.all(users.map(async (userId) => ({ userId, id: (await startRecording(db, userId, { title: "bench", language: "en", mode: "mic" })).transcription.id })));
  const pcm = Buffer.alloc(LIVE_CHUNK_BYTES * PER_REQUEST);
  for (let i = 0; i < pcm.length; i += 2) pcm.writeInt16LE(Math.round(Math.sin(i / 7) * 8000 + (Math.random() - 0.5) * 2000), i);

  const before = await settledCounters(db);
  const pgCpu = watchCpu(pgPid);
  const cpuBefore = pgCpu.total();
  const ownBefore = process.cpuUsage();
  const latencies: number[] = [];
  let sent = 0;
  let failed = 0;
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    recordings.map(async ({ userId, id }, i) => {
      // Spread over the first chunk's interval, as real recordings start at different times.
      const every = LIVE_CHUNK_MS * PER_REQUEST;
      await new Promise((r) => setTimeout(r, (i * every) / sessions));
      for (let seq = 0; ; seq += PER_REQUEST) {
        const due = started + (i * every) / sessions + seq * LIVE_CHUNK_MS;
        if (due > end) break;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const t0 = performance.now();
        sent += PER_REQUEST;
        await receiveChunks(db, userId, id, seq, pcm).then(
          () => latencies.push(performance.now() - t0),
          () => failed++,
        );
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const pgSeconds = pgCpu.total() - cpuBefore;
  pgCpu.stop();
  const own = process.cpuUsage(ownBefore);
  const after = await settledCounters(db);
  const per = (v: number) => v / elapsed;
  const d = (k: keyof Counters) => after[k] - before[k];
  const rows = d("inserted") + d("updated");
  const figures = {
    sessions,
    "chunks/s (sent)": per(sent),
    "chunk p50 ms": pct(latencies, 50),
    "chunk p99 ms": pct(latencies, 99),
    failed,
    "commits/s": per(d("commits")),
    "rows/s (ins+upd)": per(rows),
    "TOAST rows/s": per(d("toastInserted")),
    "WAL MB/s": per(d("walBytes")) / 1e6,
    "table MB/s": per(d("liveBytes")) / 1e6,
    "PG CPU %": (pgSeconds / elapsed) * 100,
    "bench CPU %": ((own.user + own.system) / 1e6 / elapsed) * 100,
  };
  const perRecording = (v: number) => (v / sessions).toFixed(2);
  console.info(
    `${sessions} recordings: ${per(sent).toFixed(0)} chunks/s, p99 ${figures["chunk p99 ms"].toFixed(0)} ms; per recording: ${perRecording(figures["commits/s"])} commits/s, ${perRecording(figures["rows/s (ins+upd)"])} rows/s + ${perRecording(figures["TOAST rows/s"])} TOAST rows/s, ${(figures["WAL MB/s"] * 1000 / sessions).toFixed(1)} KB/s of WAL, ${(figures["PG CPU %"] / sessions).toFixed(2)} % of a core of PostgreSQL`,
  );
  return Object.values(figures).map((v) => (typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toFixed(v < 10 ? 2 : 0)) : String(v)));
}

async function main() {
  const pg = await startTestPostgres();
  const handle = openDatabase({ url: pg.url });
  try {
    await migrateAndSeed(handle, pg.url);
    const header = ["recordings", "chunks/s", "chunk p50 ms", "chunk p99 ms", "failed", "commits/s", "rows/s", "TOAST rows/s", "WAL MB/s", "table MB/s", "PostgreSQL CPU %", "bench CPU %"];
    const rows: string[][] = [];
    for (const sessions of STEPS) rows.push(await step(handle.db, pg.pid, sessions));
    console.info(`\nLive audio into PostgreSQL, ${SECONDS} s per step (every recording sends ${PER_REQUEST} chunk(s) of ${LIVE_CHUNK_BYTES} bytes each ${LIVE_CHUNK_MS * PER_REQUEST} ms):`);
    console.table(rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))));
  } finally {
    await handle.close();
    await pg.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
