/**
 * The built app (`npm run build` first) started as `npm start` runs it, and the load tools the web
 * benches share: wrk runs, alternated rounds, idle memory.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { SESSION_EXPIRES_IN } from "@/lib/auth/session-ages";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { sessions, users } from "@/lib/db/schema";
import { treeCpuSeconds, watchPeakMemory } from "./process-tree";

const ROOT = path.resolve(__dirname, "..");
const SECRET = "bench-secret-long-enough-for-signing-0123456789";
const MIB = 1024 * 1024;

export interface RunningApp {
  baseUrl: string;
  pid: number;
  /** the Cookie header of a signed-in user */
  cookie: string;
  stop(): Promise<void>;
}

export interface Load {
  requestsPerSecond: number;
  p99Ms: number;
  /** CPU time per request of each process tree the target names (the app, its database), in ms */
  cpuMsPerRequest: number[];
}

export interface Target {
  url: string;
  headers?: Record<string, string>;
  /** process trees whose CPU time is divided among the requests served */
  pids?: number[];
  /** open connections (50 unless told) */
  connections?: number;
}

export interface Figure {
  what: string;
  verbatim: string;
  reference: string;
  ratio: string;
  target: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * A verified user and a session as sign-in makes it (full lifetime, so not yet due for
 * extension), written before the app starts (PGlite allows one process).
 */
async function signedIn(handle: DatabaseHandle): Promise<{ userId: string; cookie: string }> {
  const userId = randomUUID();
  const token = randomUUID();
  await handle.db.insert(users).values({ id: userId, name: "Bench", email: `${userId}@example.com`, emailVerified: true });
  await handle.db.insert(sessions).values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + SESSION_EXPIRES_IN * 1000) });
  const signature = createHmac("sha256", SECRET).update(token).digest("base64");
  return { userId, cookie: `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}` };
}

/**
 * The variables `npm start` sets before `next start` (package.json), so the app is measured as
 * it runs: MALLOC_MMAP_THRESHOLD_ is most of what keeps the embedded app's idle RSS in budget.
 */
function startCommandEnv(appDir = ROOT): Record<string, string> {
  const { scripts } = JSON.parse(readFileSync(path.join(appDir, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const env: Record<string, string> = {};
  for (const word of scripts.start.split(/\s+/)) {
    const assignment = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word);
    if (!assignment) break;
    env[assignment[1]] = assignment[2];
  }
  return env;
}

/**
 * `next start` of the built app (of `appDir`, this checkout by default) with `npm start`'s
 * variables, in PGlite mode (no databaseUrl) or on PostgreSQL, with any extra settings;
 * `arrange` writes what the signed-in user should have before the app starts. Resolves when
 * it answers.
 */
export async function startBuiltApp(
  databaseUrl?: string,
  extraEnv: Record<string, string> = {},
  arrange?: (handle: DatabaseHandle, userId: string) => Promise<void>,
  appDir = ROOT,
  /** node's own flags for the server (e.g. --cpu-prof, which NODE_OPTIONS may not carry) */
  nodeFlags: string[] = [],
): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-web-"));
  const handle = openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, "pglite") });
  await migrateAndSeed(handle, databaseUrl);
  const { userId, cookie } = await signedIn(handle);
  await arrange?.(handle, userId);
  await handle.close();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, path.join(appDir, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: appDir,
    env: {
      ...process.env,
      ...startCommandEnv(appDir),
      NODE_ENV: "production",
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: SECRET,
      // Measured without a download under way beside them.
      SPEAKER_MODELS_AUTO_DOWNLOAD: "false",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  await waitUntilAnswering(child, `${baseUrl}/api/me`, { cookie }, stop);
  return { baseUrl, pid: child.pid!, cookie, stop };
}

/** Resolves once `url` answers 2xx; stops the server and throws if it exits or takes over 120 s. */
export async function waitUntilAnswering(child: ChildProcess, url: string, headers: Record<string, string>, stop: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the app did not answer within 120 s");
    }
    const ok = await fetch(url, { headers }).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** One wrk run: 50 connections unless told, 2 threads (the machine's cores), with the CPU time the named process trees spent per request. */
export async function wrk(url: string, headers: Record<string, string> = {}, seconds = 10, pids: number[] = [], connections = 50): Promise<Load> {
  const args = ["-t2", `-c${connections}`, `-d${seconds}s`, "--latency", ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]), url];
  const cpuBefore = pids.map(treeCpuSeconds);
  const { stdout } = await promisify(execFile)("/usr/bin/wrk", args);
  const cpuSpent = pids.map((pid, i) => treeCpuSeconds(pid) - cpuBefore[i]);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  const requests = /(\d+) requests in/.exec(stdout);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(stdout);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout);
  if (!rps || !p99 || !requests) throw new Error(`cannot read wrk's output:\n${stdout}`);
  if (non2xx) throw new Error(`${non2xx[1]} answers to ${url} were errors`);
  const scale = { us: 0.001, ms: 1, s: 1000 }[p99[2] as "us" | "ms" | "s"];
  const served = Math.max(1, Number(requests[1]));
  return { requestsPerSecond: Number(rps[1]), p99Ms: Number(p99[1]) * scale, cpuMsPerRequest: cpuSpent.map((seconds) => (seconds * 1000) / served) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Alternated rounds of each target (so drift hits all alike); the median of each figure. */
export async function alternated(targets: Target[], rounds = 3): Promise<Load[]> {
  const runs: Load[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) runs[i].push(await wrk(target.url, target.headers, 10, target.pids, target.connections));
  }
  return runs.map((r) => ({
    requestsPerSecond: median(r.map((x) => x.requestsPerSecond)),
    p99Ms: median(r.map((x) => x.p99Ms)),
    cpuMsPerRequest: (r[0]?.cpuMsPerRequest ?? []).map((_, i) => median(r.map((x) => x.cpuMsPerRequest[i]))),
  }));
}

/** RSS of the app's whole process tree once it has started and been left alone for `settleMs`. */
export async function idleRssMiB(pid: number, settleMs = 10_000): Promise<number> {
  await new Promise((r) => setTimeout(r, settleMs));
  return watchPeakMemory(pid).stop() / MIB;
}

