/**
 * `npm run bench:live`: live transcription as a browser sees it. PostgreSQL and a worker
 * process (PocketSphinx, its live lane) on this machine; this process plays the web host
 * and the browser: it starts recordings, sends real speech in 250 ms chunks at real-time
 * pace through the same functions the chunk endpoint calls, and reads the live text from
 * the same server-sent-event stream the recording panel reads (woken by PostgreSQL NOTIFY).
 *
 * Per word, from when it ends in the audio (the engine's word timings): the delay until a
 * word first shows at its place, until the right word first shows there (words still
 * changing count), and until it is final; per utterance, from the end of its last word to
 * its text arriving; each as median, p95 and max. The worker's CPU per live session (its
 * whole process tree, engines included). Run for each number of recordings at once in
 * `--sessions`, one after another, each with a fresh worker. Word error rates against the
 * reference text: of the final live words (every run); of the full-quality pass after the
 * recording and of the bare engine on the same audio (the first run only).
 *
 *   npm run bench:live -- [--sessions 1,2,4] [--repeats 4] [--speech file.wav --reference file.txt]
 *
 * The speech is a 16 kHz mono 16-bit WAV, said `--repeats` times (default: President
 * Kennedy, 11 s then 3 s of pause, 4 times; a file of one's own once).
 */
import { once } from "node:events";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { BYTES_PER_SECOND } from "@/lib/audio/wav";
import { openDatabase, queryRows, type Database } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { liveUtterances, transcriptions, transcriptSegments, workers, type WordTiming } from "@/lib/db/schema";
import { liveEventStream } from "@/lib/recordings/live-events";
import { receiveChunks, startRecording, stopRecording } from "@/lib/recordings/recording";
import { LIVE_CHUNK_BYTES, LIVE_CHUNK_MS } from "@/lib/recordings/store/pcm-chunks";
import { log } from "@/lib/log/logger";
import { changeFeed } from "@/lib/transcription/change-feed";
import { wordErrorRate } from "@/lib/transcription/wer";
import { startTestPostgres } from "@/test/support/postgres";
import { signedInReader } from "@/test/support/users";
import { benchUser } from "./bench-user";
import { bareSphinxText, loadSpeech, uploadedSphinxText } from "./live-speech";
import { finalWords, wordDelays, type FinalUtterance, type View, type WordDelays } from "./live-words";
import { watchCpu } from "./process-tree";
import { startWorkerProcess } from "./worker-process";

const ROOT = path.resolve(__dirname, "..");
const JFK = path.join(ROOT, "test/fixtures/audio/jfk-then-pause.wav");
const JFK_SAID = "and so my fellow americans ask not what your country can do for you ask what you can do for your country";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const ms = (v: number) => `${Math.round(v)} ms`;
const percent = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;
const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis));

interface ArrivedUtterance {
  at: number;
  text: string;
  endMs: number;
  /** read from its stored row when it arrives (the full transcript replaces the rows later) */
  words: Promise<WordTiming[] | null>;
}

interface Session {
  id: string;
  /** what the client showed, each time it changed */
  views: View[];
  /** in the order they arrived */
  utterances: ArrivedUtterance[];
}

/** A browser: chunks at real-time pace, the live text read from the event stream. */
async function record(db: Database, userId: string, pcm: Buffer, t0: number, onAllSent: () => void): Promise<Session> {
  const { transcription, live } = await startRecording(db, userId, { title: "bench", language: "en", mode: "mic" });
  if (!live) throw new Error("no live slot: is the worker up?");
  const session: Session = { id: transcription.id, views: [], utterances: [] };
  const stream = liveEventStream(db, changeFeed(), signedInReader(userId), transcription, new AbortController().signal, 0);
  const reading = (async () => {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    let pending = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const at = performance.now();
      buffer += decoder.decode(value, { stream: true });
      let changed = false;
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = () => JSON.parse(event.slice(event.indexOf("data: ") + 6)) as unknown;
        if (event.startsWith("event: utterance")) {
          const u = data() as { idx: number; end_ms: number; text: string };
          const words = db
            .select({ words: liveUtterances.words })
            .from(liveUtterances)
            .where(and(eq(liveUtterances.transcriptionId, transcription.id), eq(liveUtterances.idx, u.idx)))
            .then(([row]) => row?.words ?? null);
          session.utterances.push({ at, text: u.text, endMs: u.end_ms, words });
          changed = true;
        }
        if (event.startsWith("event: pending")) {
          pending = (data() as { text: string }).text;
          changed = true;
        }
        if (event.startsWith("event: end")) return reader.cancel();
      }
      // One view per read: an utterance and the clearing of the words it replaces come together.
      if (changed) session.views.push({ at, finals: session.utterances.length, pending });
    }
  })();
  const chunks = pcm.length / LIVE_CHUNK_BYTES;
  for (let seq = 0; seq < chunks; seq++) {
    // A chunk leaves the browser when its 250 ms have been captured.
    const due = t0 + (seq + 1) * LIVE_CHUNK_MS - performance.now();
    if (due > 0) await sleep(due);
    await receiveChunks(db, userId, transcription.id, seq, pcm.subarray(seq * LIVE_CHUNK_BYTES, (seq + 1) * LIVE_CHUNK_BYTES));
  }
  onAllSent();
  await stopRecording(db, userId, transcription.id);
  await Promise.race([reading, sleep(30_000)]);
  return session;
}

/** The full-quality pass's text once the transcription is done; null (and why, on stderr) when it is not in time. */
async function finalPassText(db: Database, id: string, timeoutMs: number): Promise<string | null> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const [t] = await db.select({ status: transcriptions.status, error: transcriptions.error }).from(transcriptions).where(eq(transcriptions.id, id));
    if (t?.status === "done") break;
    if (t?.status === "failed" || t?.status === "canceled") {
      console.error(`the full-quality pass ${t.status}: ${t.error ?? ""}`);
      return null;
    }
    if (performance.now() > deadline) {
      console.error(`the full-quality pass was not done after ${Math.round(timeoutMs / 1000)} s`);
      return null;
    }
    await sleep(500);
  }
  const rows = await db
    .select({ text: transcriptSegments.text })
    .from(transcriptSegments)
    .where(eq(transcriptSegments.transcriptionId, id))
    .orderBy(asc(transcriptSegments.position));
  return rows.map((r) => r.text).join(" ");
}

interface RunResult {
  sessions: number;
  words: WordDelays;
  utteranceDelays: number[];
  /** of one core, per live session, while the recordings were made */
  cpuPerSession: number;
  /** mean over the sessions */
  liveWer: number;
  finalPassWer?: number | null;
}

const startWorker = (sessions: number) => startWorkerProcess({ ...process.env, LIVE_SESSIONS_PER_WORKER: String(sessions) });

/** `count` recordings at once with a fresh worker; afterwards the worker, its row and the recordings are gone, so the next run starts clean. */
async function run(db: Database, count: number, pcm: Buffer, reference: string, withFinalPass: boolean): Promise<RunResult> {
  const worker = startWorker(count);
  const exited = once(worker, "exit");
  const ids: string[] = [];
  try {
    while (!(await queryRows(db, sql`select 1 from workers where live_capacity > 0`)).length) await sleep(250);
    const users = await Promise.all(Array.from({ length: count }, (_, i) => benchUser(db, `live-${count}-${i}-${Date.now()}`)));
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
    ids.push(...sessions.map((s) => s.id));

    const result: RunResult = { sessions: count, words: { shown: [], right: [], final: [] }, utteranceDelays: [], cpuPerSession: cpuSeconds / wall / count, liveWer: 0 };
    for (const s of sessions) {
      const utterances: FinalUtterance[] = await Promise.all(s.utterances.map(async (u) => ({ at: u.at, text: u.text, endMs: u.endMs, words: await u.words })));
      const delays = wordDelays(s.views, utterances, t0);
      result.words.shown.push(...delays.shown);
      result.words.right.push(...delays.right);
      result.words.final.push(...delays.final);
      for (const u of utterances) {
        // When the speaker had said its last word: the recording's clock is the chunks' clock.
        const spokenEnd = u.words?.at(-1)?.end_ms ?? u.endMs;
        result.utteranceDelays.push(u.at - (t0 + spokenEnd));
        if (process.env.BENCH_VERBOSE && s === sessions[0]) console.log(`  ${(spokenEnd / 1000).toFixed(1).padStart(6)} s  ${ms(u.at - (t0 + spokenEnd)).padStart(8)}  ${u.text.slice(0, 60)}`);
      }
      result.liveWer += wordErrorRate(reference, finalWords(utterances).join(" ")) / sessions.length;
    }
    if (!result.utteranceDelays.length) throw new Error(`no utterance arrived (${count} at once)`);
    if (withFinalPass) {
      const text = await finalPassText(db, sessions[0].id, Math.max(180_000, (pcm.length / BYTES_PER_SECOND) * 1000));
      result.finalPassWer = text === null ? null : wordErrorRate(reference, text);
    }
    return result;
  } finally {
    try {
      process.kill(-worker.pid!, "SIGKILL");
      await exited;
    } catch {
      // it had ended already
    }
    await db.delete(workers);
    // With them go their jobs: a full-quality pass left queued would load the next run.
    if (ids.length) await db.delete(transcriptions).where(inArray(transcriptions.id, ids));
  }
}

const LABEL = 52;
const COLUMN = 12;

function printTable(results: RunResult[], bareWer: number, uploadedWer: number) {
  const row = (label: string, cells: string[], target = "") =>
    console.log(`${label.padEnd(LABEL)}${cells.map((c) => c.padStart(COLUMN)).join("")}${target ? `   ${target}` : ""}`);
  const stats = (title: string, pick: (r: RunResult) => number[], targets: [string, string, string] = ["", "", ""]) => {
    console.log(title);
    row("  median", results.map((r) => ms(pct(pick(r), 50))), targets[0]);
    row("  p95", results.map((r) => ms(pct(pick(r), 95))), targets[1]);
    row("  max", results.map((r) => ms(Math.max(...pick(r)))), targets[2]);
  };
  row("", results.map((r) => `${r.sessions} at once`));
  row("words (final, all recordings)", results.map((r) => String(r.words.final.length)));
  stats("per word, spoken → a word first shown at its place", (r) => r.words.shown);
  stats("per word, spoken → the right word first shown", (r) => r.words.right, ["target ≤ 1500 ms", "target ≤ 3000 ms", ""]);
  stats("per word, spoken → final", (r) => r.words.final);
  row("utterances", results.map((r) => String(r.utteranceDelays.length)));
  stats("per utterance, end of speech → final text", (r) => r.utteranceDelays, ["final by pause: unchanged (before: ≤ 1500 ms)", "", "unchanged (before: ≤ 3000 ms)"]);
  row("worker CPU per live session, of one core", results.map((r) => percent(r.cpuPerSession)));
  row("WER, final live words", results.map((r) => percent(r.liveWer)), "target ≤ the full-quality pass and the bare engine");
  row("WER, full-quality pass (same engine)", results.map((r) => (r.finalPassWer === undefined ? "–" : r.finalPassWer === null ? "not done" : percent(r.finalPassWer))));
  row("WER, bare engine on the whole file", results.map((r, i) => (i === 0 ? percent(bareWer) : "–")));
  row("WER, the file uploaded (pieces, no live text)", results.map((r, i) => (i === 0 ? percent(uploadedWer) : "–")));
}

async function main() {
  const speech = option("speech") ?? JFK;
  const referenceFile = option("reference");
  if (option("speech") && !referenceFile) throw new Error("--speech needs --reference (the text said in it)");
  const repeats = Number(option("repeats") ?? (option("speech") ? 1 : 4));
  const counts = (option("sessions") ?? "1,2,4").split(",").map(Number);
  if (!(repeats >= 1) || counts.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--repeats and --sessions take whole numbers ≥ 1 (--sessions 1,2,4)");
  const said = referenceFile ? readFileSync(referenceFile, "utf8") : JFK_SAID;
  const reference = Array.from({ length: repeats }, () => said).join(" ");
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-live-"));
  const pcm = await loadSpeech(speech, repeats, dir);

  const pg = await startTestPostgres();
  Object.assign(process.env, { DATABASE_URL: pg.url, DATA_DIR: dir, TRANSCRIBE_ENGINE: "sphinx", BETTER_AUTH_SECRET: "bench-secret-long-enough-for-signing" });
  const handle = openDatabase({ url: pg.url });
  try {
    await migrateAndSeed(handle, pg.url);
    console.log(
      `live transcription: ${(pcm.length / BYTES_PER_SECOND).toFixed(0)} s of real speech per recording (${path.basename(speech)} × ${repeats}), ` +
        `PocketSphinx live lane, PostgreSQL, a fresh worker process per column, ${os.availableParallelism()} cores\n`,
    );
    const results: RunResult[] = [];
    for (const [i, count] of counts.entries()) results.push(await run(handle.db, count, pcm, reference, i === 0));
    const bareWer = wordErrorRate(reference, await bareSphinxText(pcm, dir));
    const uploadedWer = wordErrorRate(reference, await uploadedSphinxText(pcm, dir));
    printTable(results, bareWer, uploadedWer);
  } finally {
    // The database going away ends this process's LISTEN connection: expected here, not worth a log line.
    log().level = "silent";
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
