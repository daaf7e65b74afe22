/**
 * `npm run bench:web-api`: the API figures of issue 16 — `GET /api/me` signed in on PGlite and
 * on PostgreSQL, `GET /api/subscriptions/plans`, p99 latency, idle RSS of the PGlite-mode app —
 * measured with wrk (50 connections, alternated rounds) against the built app (`next build`
 * first), printed beside fixed reference figures measured on this machine (2 cores).
 * bench/web.ts calls `apiFigures()` for its table.
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
import { startTestPostgres } from "@/test/support/postgres";
import { watchPeakMemory } from "./process-tree";

const ROOT = path.resolve(__dirname, "..");
const SECRET = "bench-secret-long-enough-for-signing-0123456789";
const MIB = 1024 * 1024;

/** Measured once on this machine (2 cores, wrk 50 connections), not re-run by this script. */
export const REFERENCE = {
  saasStarterUserPg: 1076,
  saasStarterUserPglite: 1069,
  bareJsonRoute: 2213,
  bareIdleRssMiB: 71,
};

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

/** One wrk run: 50 connections, 2 threads (the machine's cores). */
export async function wrk(url: string, headers: Record<string, string> = {}, seconds = 10): Promise<Load> {
  const args = ["-t2", "-c50", `-d${seconds}s`, "--latency", ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]), url];
  const { stdout } = await promisify(execFile)("/usr/bin/wrk", args);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(stdout);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout);
  if (!rps || !p99) throw new Error(`cannot read wrk's output:\n${stdout}`);
  if (non2xx) throw new Error(`${non2xx[1]} answers to ${url} were errors`);
  const scale = { us: 0.001, ms: 1, s: 1000 }[p99[2] as "us" | "ms" | "s"];
  return { requestsPerSecond: Number(rps[1]), p99Ms: Number(p99[1]) * scale };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Alternated rounds of each target (so drift hits all alike); the median rate and p99 of each. */
export async function alternated(targets: Array<{ url: string; headers?: Record<string, string> }>, rounds = 3): Promise<Load[]> {
  const runs: Load[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) runs[i].push(await wrk(target.url, target.headers));
  }
  return runs.map((r) => ({ requestsPerSecond: median(r.map((x) => x.requestsPerSecond)), p99Ms: median(r.map((x) => x.p99Ms)) }));
}

/** RSS of the app's whole process tree once it has started and been left alone for `settleMs`. */
export async function idleRssMiB(pid: number, settleMs = 10_000): Promise<number> {
  await new Promise((r) => setTimeout(r, settleMs));
  return watchPeakMemory(pid).stop() / MIB;
}

const fmt = (n: number) => Math.round(n).toLocaleString("en");
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

/** Starts the built app on PGlite, then on a throwaway PostgreSQL, and measures the API figures. */
export async function apiFigures(rounds = 3): Promise<Figure[]> {
  const figures: Figure[] = [];

  const lite = await startBuiltApp();
  try {
    const rss = await idleRssMiB(lite.pid);
    await wrk(`${lite.baseUrl}/api/me`, { cookie: lite.cookie }, 3); // warm-up, not counted
    const [me, plans] = await alternated([{ url: `${lite.baseUrl}/api/me`, headers: { cookie: lite.cookie } }, { url: `${lite.baseUrl}/api/subscriptions/plans` }], rounds);
    figures.push(
      { what: "GET /api/me (PGlite)", verbatim: `${fmt(me.requestsPerSecond)} req/s`, reference: `saas-starter /api/user ${fmt(REFERENCE.saasStarterUserPglite)}`, ratio: ratio(me.requestsPerSecond, REFERENCE.saasStarterUserPglite), target: "≥ 0.80×" },
      { what: "GET /api/me p99 (PGlite)", verbatim: `${me.p99Ms.toFixed(1)} ms`, reference: "—", ratio: "—", target: "< 100 ms" },
      { what: "GET /api/subscriptions/plans (PGlite)", verbatim: `${fmt(plans.requestsPerSecond)} req/s`, reference: `bare JSON route ${fmt(REFERENCE.bareJsonRoute)}`, ratio: ratio(plans.requestsPerSecond, REFERENCE.bareJsonRoute), target: "—" },
      { what: "GET /api/subscriptions/plans p99 (PGlite)", verbatim: `${plans.p99Ms.toFixed(1)} ms`, reference: "—", ratio: "—", target: "< 100 ms" },
      { what: "idle RSS, PGlite mode (app process tree)", verbatim: `${fmt(rss)} MiB`, reference: `bare ${REFERENCE.bareIdleRssMiB} MiB`, ratio: ratio(rss, REFERENCE.bareIdleRssMiB), target: "≤ 250 MiB" },
    );
  } finally {
    await lite.stop();
  }

  const pg = await startTestPostgres();
  try {
    const app = await startBuiltApp(pg.url);
    try {
      await wrk(`${app.baseUrl}/api/me`, { cookie: app.cookie }, 3);
      const [me] = await alternated([{ url: `${app.baseUrl}/api/me`, headers: { cookie: app.cookie } }], rounds);
      figures.push(
        { what: "GET /api/me (PostgreSQL)", verbatim: `${fmt(me.requestsPerSecond)} req/s`, reference: `saas-starter /api/user ${fmt(REFERENCE.saasStarterUserPg)}`, ratio: ratio(me.requestsPerSecond, REFERENCE.saasStarterUserPg), target: "≥ 1.00×" },
        { what: "GET /api/me p99 (PostgreSQL)", verbatim: `${me.p99Ms.toFixed(1)} ms`, reference: "—", ratio: "—", target: "< 100 ms" },
      );
    } finally {
      await app.stop();
    }
  } finally {
    await pg.stop();
  }
  return figures;
}

async function main() {
  const figures = await apiFigures();
  console.log("Reference figures are fixed, measured once on this machine (2 cores, wrk 50 connections): saas-starter, a bare Next.js 16 app.");
  console.table(figures);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
