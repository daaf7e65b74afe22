/**
 * `npm run bench:load`: the multi-host layout under simulated users, all on this machine —
 * HAProxy in front of two web hosts, two workers, PostgreSQL and s3rver (bench/load-stack.ts;
 * `npm run build` first). For `--minutes`, people in the dashboard (`--users`) sign in, list,
 * search, open and export transcripts and now and then upload a short real clip, whole or by
 * tus (its parts round-robin over both hosts), and wait for its transcript; `--live` people
 * record real speech at real-time pace, reading the live text; `--api-clients` scripts with a
 * write key list, read, export and upload.
 *
 * Per route: requests, req/s, p50/p99, errors (5xx or no answer) and other 4xx; uploads
 * transcribed, each checked word for word against the engine's words for the clip (reference
 * uploads made first); recordings with all their chunks; CPU seconds per process tree. The
 * default runs two rounds on one stack: as is, then with web host 1 SIGKILLed at `--kill-at`
 * seconds (what clients saw in the 15 s after, and whether anything was lost). Then capacity
 * figures derived from the first round (bench/load-capacity.ts, docs/deploy.md).
 *
 *   npm run bench:load -- [--users 20] [--minutes 3] [--kill-at 90] [--live 1] [--api-clients 2] [--rounds normal,kill]
 */
process.env.LOG_LEVEL ??= "warn";

import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { BYTES_PER_SECOND } from "@/lib/audio/wav";
import { hashPassword } from "@/lib/auth/password-hash";
import { openDatabase, queryRows, type Database } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";
import { LIVE_CHUNK_BYTES, LIVE_CHUNK_MS } from "@/lib/recordings/store/pcm-chunks";
import { wordErrorRate } from "@/lib/transcription/wer";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { arg, textArg } from "./args";
import { benchUser } from "./bench-user";
import { printCapacity, type Calibration, type RoundFigures } from "./load-capacity";
import { apiClient, browserUser, liveRecorder, rawUpload, type Person, type Round } from "./load-actors";
import { LoadClient } from "./load-client";
import { haproxyServerStats, launchLoadStack, type LoadStackInfo, type ServerStats } from "./load-stack";
import { LoadStats } from "./load-stats";
import { loadSpeech } from "./live-speech";
import { ownCpuSeconds, treePids, watchTreeCpu } from "./process-tree";

const ROOT = path.resolve(__dirname, "..");
const CLIP = path.join(ROOT, "test/fixtures/audio/jfk.wav");
const SPEECH = path.join(ROOT, "test/fixtures/audio/jfk-then-pause.wav");
const PASSWORD = "load test password 9";
/** what President Kennedy says in the clip */
const CLIP_SAID = "and so my fellow americans ask not what your country can do for you ask what you can do for your country";
/** after the kill, counted as its window: HAProxy marks the host down within 2 s; clients' own retries take a few more */
const KILL_WINDOW_MS = 15_000;
const DRAIN_MS = 240_000;
const IDLE_MS = 10_000;
/** a recording says JFK (11 s and 3 s of pause) this many times, then stops */
const SPEECH_REPEATS = 3;

const USERS = arg("users", 20);
const MINUTES = arg("minutes", 3);
const KILL_AT = arg("kill-at", (MINUTES * 60) / 2);
const LIVE = arg("live", 1);
const API_CLIENTS = arg("api-clients", 2);
const ROUNDS = (textArg("rounds") ?? "normal,kill").split(",");

const SEGMENTS = Array.from({ length: 40 }, (_, i) => ({ startMs: i * 3000, endMs: i * 3000 + 2800, text: "And so my fellow Americans, ask not what your country can do for you; ask what you can do for your country." }));

/** Accounts on the enterprise plan with a password and three finished transcripts each, each client behind its own address. */
async function people(db: Database, count: number, kind: string, passwordHash: string, firstIp: number): Promise<Person[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const id = await benchUser(db, `load-${kind}-${i}-${randomUUID().slice(0, 8)}`);
      await db.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash });
      const transcripts: string[] = [];
      for (let n = 0; n < 3; n++) transcripts.push(await insertDoneTranscription(db, id, SEGMENTS, `Seeded ${n + 1}`));
      const ip = firstIp + i;
      return { email: `${id}@example.com`, password: PASSWORD, ip: `10.${ip >> 16}.${(ip >> 8) & 255}.${ip & 255}`, transcripts };
    }),
  );
}

type CpuWatch = ReturnType<typeof cpuWatch>;

/** Process trees whose CPU time is reported, each sampled so a killed one keeps its reading. */
function cpuWatch(info: LoadStackInfo) {
  const trees = new Map([
    ...info.webHostPids.map((pid, i) => [`web host ${i + 1}`, watchTreeCpu(pid)] as const),
    ...info.workerPids.map((pid, i) => [`worker ${i + 1}`, watchTreeCpu(pid)] as const),
    ["PostgreSQL", watchTreeCpu(info.postgresPid)] as const,
    ["HAProxy", watchTreeCpu(info.haproxyPid)] as const,
  ]);
  return {
    snapshot(): Record<string, number> {
      const own = process.cpuUsage();
      return {
        ...Object.fromEntries([...trees].map(([name, w]) => [name, w.total()])),
        "s3rver (the stack's process)": ownCpuSeconds(info.stackPid),
        "load generator": (own.user + own.system) / 1e6,
      };
    },
    stop: () => [...trees.values()].forEach((w) => w.stop()),
  };
}

const workerSeconds = (cpu: Record<string, number>) => Object.entries(cpu).reduce((sum, [name, s]) => (name.startsWith("worker") ? sum + s : sum), 0);

/** The engine's words for the clip: three uploads of it, one after another while nothing else runs; also the workers' CPU time per second of audio (idle time taken off). */
async function calibrate(info: LoadStackInfo, person: Person, clip: Buffer, cpu: CpuWatch, idleWorkerCores: number): Promise<Calibration> {
  const round: Round = { base: info.url, stats: new LoadStats(), endsAt: performance.now(), drainMs: 120_000, clip, pcm: Buffer.alloc(0), uploads: [], recordings: [] };
  const client = new LoadClient(info.url, round.stats, { "x-forwarded-for": person.ip });
  if (!(await client.signIn(person.email, person.password))) throw new Error("the calibration user could not sign in");
  const before = workerSeconds(cpu.snapshot());
  const started = performance.now();
  for (let i = 0; i < 3; i++) await rawUpload(client, round, "raw");
  // Less what the workers spend idle (heartbeats, polling the queue) over the same time.
  const spent = workerSeconds(cpu.snapshot()) - before - (idleWorkerCores * (performance.now() - started)) / 1000;
  const texts = round.uploads.map((u) => u.text);
  if (texts.some((t) => t === null)) throw new Error(`a reference upload was not transcribed: ${round.uploads.map((u) => u.status).join(", ")}`);
  const reference = texts[0]!;
  const clipSeconds = (clip.length - 44) / BYTES_PER_SECOND;
  return { reference, sameEachTime: texts.every((t) => t === reference), workerCpuPerAudioSecond: spent / (3 * clipSeconds), clipSeconds };
}

/**
 * What one live recording costs the workers: one recording of the speech alone, the workers'
 * CPU time from its start to its last chunk (its full-quality pass after that is not live
 * work), idle time taken off; as bench:live measures it.
 */
async function calibrateLive(info: LoadStackInfo, person: Person, pcm: Buffer, cpu: CpuWatch, idleWorkerCores: number): Promise<number> {
  const seconds = (pcm.length / LIVE_CHUNK_BYTES) * (LIVE_CHUNK_MS / 1000);
  let live = NaN;
  const before = workerSeconds(cpu.snapshot());
  const started = performance.now();
  const round: Round = {
    base: info.url,
    stats: new LoadStats(),
    // one recording: the next would start after this
    endsAt: started + seconds * 1000 + 2000,
    drainMs: 120_000,
    clip: Buffer.alloc(0),
    pcm,
    uploads: [],
    recordings: [],
    onRecorded: (record) => {
      const elapsed = (performance.now() - started) / 1000;
      if (record.live) live = (workerSeconds(cpu.snapshot()) - before) / elapsed - idleWorkerCores;
    },
  };
  await liveRecorder(round, person);
  return live;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** One round of load; prints what clients saw and returns the figures capacity is derived from. */
async function runRound(name: string, info: LoadStackInfo, crowd: { users: Person[]; recorders: Person[]; keys: { key: string; transcripts: string[] }[] }, clip: Buffer, pcm: Buffer, reference: string, cpu: CpuWatch, killAt?: number): Promise<RoundFigures> {
  const stats = new LoadStats();
  const started = performance.now();
  const round: Round = { base: info.url, stats, endsAt: started + MINUTES * 60_000, drainMs: DRAIN_MS, clip, pcm, uploads: [], recordings: [] };
  const cpuBefore = cpu.snapshot();
  const proxyBefore = await haproxyServerStats(info.statsSocket);
  let killedAtMs: number | null = null;
  const kill =
    killAt === undefined
      ? undefined
      : setTimeout(() => {
          // The whole tree, as a host that dies: whatever `next start` forked goes too.
          for (const pid of treePids(info.webHostPids[0]!)) process.kill(pid, "SIGKILL");
          killedAtMs = performance.now() - started;
          console.log(`  web host 1 SIGKILLed at ${(killedAtMs / 1000).toFixed(1)} s`);
        }, killAt * 1000);
  console.log(`\n## Round "${name}": ${USERS} people in the dashboard, ${API_CLIENTS} API scripts, ${LIVE} people recording live, ${MINUTES} min${killAt === undefined ? "" : `, web host 1 killed at ${killAt} s`}`);
  await Promise.all([...crowd.users.map((p) => browserUser(round, p)), ...crowd.keys.map((k) => apiClient(round, k.key, k.transcripts)), ...crowd.recorders.map((p) => liveRecorder(round, p))]);
  clearTimeout(kill);
  const wallS = (performance.now() - started) / 1000;
  const cpuAfter = cpu.snapshot();
  const proxyAfter = await haproxyServerStats(info.statsSocket);

  console.log(`Load for ${MINUTES * 60} s, then ${(wallS - MINUTES * 60).toFixed(0)} s finishing the uploads and recordings under way (req/s over all ${wallS.toFixed(0)} s):`);
  console.table(stats.table(wallS));

  const transcribed = round.uploads.filter((u) => u.status === "done" && u.text !== null);
  const wers = transcribed.map((u) => wordErrorRate(reference, u.text!));
  const matching = wers.filter((w) => w === 0).length;
  const byKind = (kind: string) => `${kind} ${transcribed.filter((u) => u.kind === kind).length}/${round.uploads.filter((u) => u.kind === kind).length}`;
  console.log(`uploads transcribed: ${transcribed.length} of ${round.uploads.length} (${["raw", "tus", "api"].map(byKind).join(", ")}); the engine's words exactly: ${matching} of ${transcribed.length}${wers.length ? `, worst WER against them ${(Math.max(...wers) * 100).toFixed(1)} %` : ""}`);
  for (const u of round.uploads.filter((u) => u.status !== "done")) console.log(`  not transcribed: ${u.kind} ${u.id ?? "(no id)"}: ${u.status}`);

  const complete = round.recordings.filter((r) => r.status === "done" && r.chunksReceived === r.chunksSent && r.durationS !== null && Math.abs(r.durationS - (r.chunksSent * LIVE_CHUNK_MS) / 1000) < 1);
  console.log(
    `live recordings: ${round.recordings.length} (${round.recordings.filter((r) => r.live).length} transcribed live), ${complete.length} done with every chunk sent stored (${sum(round.recordings.map((r) => r.chunksSent))} chunks sent); event streams reopened: ${sum(round.recordings.map((r) => r.streamReconnects))}`,
  );
  for (const r of round.recordings.filter((r) => !complete.includes(r))) console.log(`  incomplete: ${r.id}: ${r.status}, ${r.chunksReceived} of ${r.chunksSent} chunks stored, ${r.durationS ?? "?"} s`);

  if (killedAtMs !== null) {
    const at = killedAtMs;
    const inWindow = stats.failures.filter((f) => f.at >= at && f.at < at + KILL_WINDOW_MS);
    const outside = stats.failures.filter((f) => f.at < at || f.at >= at + KILL_WINDOW_MS);
    const describe = (fs: typeof inWindow) => (fs.length ? fs.map((f) => `${f.route} → ${f.status || "no answer"} at ${(f.at / 1000).toFixed(1)} s`).join("; ") : "none");
    console.log(`failed requests in the ${KILL_WINDOW_MS / 1000} s after the kill: ${inWindow.length} (${describe(inWindow)})`);
    console.log(`failed requests at other times: ${outside.length}${outside.length ? ` (${describe(outside.slice(0, 10))})` : ""}`);
  }
  console.log("HAProxy over the round (per web host: requests sent, connection errors, response errors, retries, redispatches, state):");
  console.table(
    proxyAfter.map((s) => {
      const b = proxyBefore.find((x) => x.server === s.server);
      const d = (k: keyof ServerStats) => (s[k] as number) - ((b?.[k] as number | undefined) ?? 0);
      return { server: s.server, requests: d("sessions"), "conn errors": d("connectionErrors"), "resp errors": d("responseErrors"), retries: d("retries"), redispatches: d("redispatches"), state: s.status };
    }),
  );
  const cpuSeconds = Object.fromEntries(Object.entries(cpuAfter).map(([k, v]) => [k, v - (cpuBefore[k] ?? 0)]));
  console.log(`CPU per process tree over the round's ${wallS.toFixed(0)} s (${os.availableParallelism()} cores, shared with other work on this machine):`);
  console.table(Object.entries(cpuSeconds).map(([tree, s]) => ({ tree, "CPU s": Number(s.toFixed(1)), "cores (avg)": Number((s / wallS).toFixed(2)) })));

  return {
    wallS,
    loadS: MINUTES * 60,
    clients: crowd.users.length + crowd.keys.length + crowd.recorders.length,
    requests: sum(stats.table(wallS).filter((r) => r.route !== "all").map((r) => Number(r.count))),
    cpuSeconds,
  };
}

async function main() {
  const { info, stop } = await launchLoadStack();
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-load-"));
  // Ctrl-C: the stack stops itself (it gets the signal too); this waits for it and leaves nothing behind.
  process.on("SIGINT", () => void stop().then(() => (rmSync(dir, { recursive: true, force: true }), process.exit(130))));
  const handle = openDatabase({ url: info.databaseUrl });
  const cpu = cpuWatch(info);
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const [calibrator] = await people(handle.db, 1, "reference", passwordHash, 1);
    const users = await people(handle.db, USERS, "user", passwordHash, 1000);
    const recorders = await people(handle.db, LIVE, "live", passwordHash, 5000);
    const scripts = await people(handle.db, API_CLIENTS, "api", passwordHash, 6000);
    const keys = await Promise.all(
      scripts.map(async (p) => {
        const client = new LoadClient(info.url, new LoadStats(), { "x-forwarded-for": p.ip });
        await client.signIn(p.email, p.password);
        const created = await client.json<{ token: string }>("POST", "/api/api-keys", "/api/api-keys", { name: "bench:load", scope: "write" });
        if (!created) throw new Error("could not create an API key");
        return { key: created.token, transcripts: p.transcripts };
      }),
    );
    const clip = readFileSync(CLIP);
    const pcm = await loadSpeech(SPEECH, SPEECH_REPEATS, dir);
    const liveCapacity = await queryRows<{ capacity: number }>(handle.db, sql`select live_capacity as capacity from workers where seen_at > now() - interval '30 seconds'`);

    const idleBefore = cpu.snapshot();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle = Object.entries(cpu.snapshot()).map(([tree, s]) => ({ tree, "cores (avg)": Number(((s - idleBefore[tree]!) / (IDLE_MS / 1000)).toFixed(3)) }));
    console.log(`Idle, ${IDLE_MS / 1000} s with no clients:`);
    console.table(idle);
    const idleWorkerCores = idle.filter((i) => i.tree.startsWith("worker")).reduce((sum, i) => sum + i["cores (avg)"], 0);
    const calibration = await calibrate(info, calibrator!, clip, cpu, idleWorkerCores);
    const liveCores = await calibrateLive(info, calibrator!, pcm, cpu, idleWorkerCores);
    console.log(
      `Reference: the clip (${path.relative(ROOT, CLIP)}, ${calibration.clipSeconds.toFixed(1)} s) uploaded 3 times alone: "${calibration.reference}"${calibration.sameEachTime ? " (the same words each time)" : " (the words differed between the three!)"}, WER ${(wordErrorRate(CLIP_SAID, calibration.reference) * 100).toFixed(0)} % against what is said; workers' CPU ${calibration.workerCpuPerAudioSecond.toFixed(3)} s per second of audio`,
    );
    console.log(`One live recording alone (${SPEECH_REPEATS} × ${path.relative(ROOT, SPEECH)}): the workers spent ${liveCores.toFixed(2)} of a core while it was made (idle taken off)`);
    console.log(`Workers' live slots (LIVE_SESSIONS_PER_WORKER, or the engine's cost on these cores): ${liveCapacity.map((w) => w.capacity).join(", ")}`);

    const figures: RoundFigures[] = [];
    for (const name of ROUNDS) {
      figures.push(await runRound(name, info, { users, recorders, keys }, clip, pcm, calibration.reference, cpu, name === "kill" ? KILL_AT : undefined));
    }
    printCapacity(figures[0]!, calibration, liveCores, liveCapacity.map((w) => w.capacity));
  } finally {
    cpu.stop();
    await handle.close();
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
