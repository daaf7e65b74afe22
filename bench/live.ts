/**
 * `npm run bench:live`: live transcription as a browser sees it. PostgreSQL and a worker
 * process (PocketSphinx, its live lane) on this machine; this process plays the web host
 * and the browser: it starts recordings, sends real speech in 250 ms chunks at real-time
 * pace through the same functions the chunk endpoint calls, and reads the live text from
 * the same server-sent-event stream the recording panel reads (woken by PostgreSQL NOTIFY).
 * For each utterance: the delay from the end of its last word (when the speaker had said
 * it) to its text arriving at the client; median, p95 and max; and the worker's CPU per
 * live session (its whole process tree, engines included).
 *
 *   npm run bench:live -- [--repeats 4] [--sessions 1]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { liveUtterances } from "@/lib/db/schema";
import { liveEventStream } from "@/lib/live/live-events";
import { LIVE_CHUNK_BYTES, LIVE_CHUNK_MS } from "@/lib/recordings/pcm-chunks";
import { receiveChunks, startRecording, stopRecording } from "@/lib/live/recording";
import { changeFeed } from "@/lib/transcription/change-feed";
import { WAV_HEADER_BYTES } from "@/lib/audio/wav";
import { startTestPostgres } from "@/test/support/postgres";
import { benchUser } from "./bench-user";
import { watchCpu } from "./process-tree";

const ROOT = path.resolve(__dirname, "..");
// Real speech with a pause after it (President Kennedy, 11 s, then 3 s), said again and again.
const SPEECH = path.join(ROOT, "test/fixtures/audio/jfk-then-pause.wav");

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const ms = (v: number) => `${Math.round(v)} ms`;

interface Session {
  id: string;
  userId: string;
  /** when each utterance's text reached the client, and when its last word was spoken (recording time) */
  arrived: Map<number, { at: number; spokenEnd: Promise<number>; text: string }>;
}

/** A browser: chunks at real-time pace, the live text read from the event stream. */
async function record(db: Database, userId: string, pcm: Buffer, t0: number, onAllSent: () => void): Promise<Session> {
  const { transcription, live } = await startRecording(db, userId, { title: "bench", language: "en", mode: "mic" });
  if (!live) throw new Error("no live slot: is the worker up?");
  const session: Session = { id: transcription.id, userId, arrived: new Map() };
  const stream = liveEventStream(db, changeFeed(), userId, transcription.id, new AbortController().signal, 0);
  const reading = (async () => {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (event.startsWith("event: utterance")) {
          const at = performance.now();
          const u = JSON.parse(event.slice(event.indexOf("data: ") + 6)) as { idx: number; end_ms: number; text: string };
          // Its words are read after the time is taken (the full transcript replaces them later).
          const spokenEnd = db
            .select({ words: liveUtterances.words })
            .from(liveUtterances)
            .where(and(eq(liveUtterances.transcriptionId, transcription.id), eq(liveUtterances.idx, u.idx)))
            .then(([row]) => row?.words?.at(-1)?.end_ms ?? u.end_ms);
          session.arrived.set(u.idx, { at, spokenEnd, text: u.text });
        }
        if (event.startsWith("event: end")) return reader.cancel();
      }
    }
  })();
  const chunks = pcm.length / LIVE_CHUNK_BYTES;
  for (let seq = 0; seq < chunks; seq++) {
    // A chunk leaves the browser when its 250 ms have been captured.
    const due = t0 + (seq + 1) * LIVE_CHUNK_MS - performance.now();
    if (due > 0) await new Promise((r) => setTimeout(r, due));
    await receiveChunks(db, userId, transcription.id, seq, pcm.subarray(seq * LIVE_CHUNK_BYTES, (seq + 1) * LIVE_CHUNK_BYTES));
  }
  onAllSent();
  await stopRecording(db, userId, transcription.id);
  await Promise.race([reading, new Promise((r) => setTimeout(r, 30_000))]);
  return session;
}

async function main() {
  const repeats = arg("repeats", 4);
  const sessionCount = arg("sessions", 1);
  const pg = await startTestPostgres();
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-live-"));
  Object.assign(process.env, { DATABASE_URL: pg.url, DATA_DIR: dir, TRANSCRIBE_ENGINE: "sphinx", BETTER_AUTH_SECRET: "bench-secret-long-enough-for-signing" });
  const handle = openDatabase({ url: pg.url });
  await migrateAndSeed(handle, pg.url);
  const db = handle.db;
  const worker = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/worker.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-worker-")), LIVE_SESSIONS_PER_WORKER: String(sessionCount) },
    stdio: process.env.BENCH_VERBOSE ? "inherit" : "ignore",
    detached: true,
  });
  try {
    while (!(await queryRows(db, sql`select 1 from workers where live_capacity > 0`)).length) await new Promise((r) => setTimeout(r, 250));
    const one = readFileSync(SPEECH).subarray(WAV_HEADER_BYTES);
    const joined = Buffer.concat(Array.from({ length: repeats }, () => one));
    const pcm = Buffer.concat([joined, Buffer.alloc((LIVE_CHUNK_BYTES - (joined.length % LIVE_CHUNK_BYTES)) % LIVE_CHUNK_BYTES)]);
    const seconds = pcm.length / 32_000;
    console.log(
      `live transcription: ${seconds.toFixed(0)} s of real speech (${repeats} × 14 s) per recording, ${sessionCount} at once, PocketSphinx, PostgreSQL, the worker as its own process, ${os.availableParallelism()} cores\n`,
    );
    const users = await Promise.all(Array.from({ length: sessionCount }, (_, i) => benchUser(db, `live-${i}-${Date.now()}`)));
    const cpu = watchCpu(worker.pid!);
    const cpuBefore = cpu.total();
    const t0 = performance.now() + 500;
    // CPU while the recordings are made (the full-quality pass after them is not live work).
    let cpuSeconds = 0;
    let wall = 0;
    let sent = 0;
    const sessions = await Promise.all(
      users.map((u) =>
        record(db, u, pcm, t0, () => {
          if (++sent < users.length) return;
          wall = (performance.now() - t0) / 1000;
          cpuSeconds = cpu.total() - cpuBefore;
        }),
      ),
    );
    cpu.stop();

    const delays: number[] = [];
    for (const s of sessions) {
      for (const [, u] of [...s.arrived].sort((a, b) => a[0] - b[0])) {
        // When the speaker had said its last word: the recording's clock is the chunks' clock.
        const spokenEnd = await u.spokenEnd;
        const delay = u.at - (t0 + spokenEnd);
        delays.push(delay);
        if (s === sessions[0]) console.log(`  ${(spokenEnd / 1000).toFixed(1).padStart(6)} s  ${ms(delay).padStart(8)}  ${u.text.slice(0, 60)}`);
      }
    }
    if (!delays.length) throw new Error("no utterance arrived");
    console.log(`\n${"utterances".padEnd(44)} ${String(delays.length).padStart(8)}`);
    console.log(`${"delay, end of speech → text at the client: median".padEnd(44)} ${ms(pct(delays, 50)).padStart(8)}   (target ≤ 1500 ms)`);
    console.log(`${"p95".padEnd(44)} ${ms(pct(delays, 95)).padStart(8)}`);
    console.log(`${"max".padEnd(44)} ${ms(Math.max(...delays)).padStart(8)}   (target ≤ 3000 ms)`);
    console.log(`${"worker CPU per live session".padEnd(44)} ${`${((cpuSeconds / wall / sessionCount) * 100).toFixed(0)} %`.padStart(8)}   of one core (${cpuSeconds.toFixed(1)} CPU-s over ${wall.toFixed(0)} s)`);
  } finally {
    process.kill(-worker.pid!, "SIGKILL");
    await handle.close();
    await pg.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
