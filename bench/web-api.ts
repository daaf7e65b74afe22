/**
 * `npm run bench:web-api`: the API figures of issues 16 and 42 against the built app (`next
 * build` first), each measured side by side with a reference built now from bench/reference-app
 * (same Next.js) and alternated with it in rounds of wrk (50 connections):
 * - `GET /api/me` signed in on PostgreSQL beside the starter kit's `GET /api/user` (a JWT
 *   cookie and one query, as nextjs/saas-starter makes it) on the same cluster; on PGlite too;
 * - `GET /api/subscriptions/plans` beside a bare JSON route answering the same bytes;
 * - p99, the CPU time per request of the app and of PostgreSQL, idle RSS of the PGlite-mode app.
 * bench/web.ts calls `apiFigures()` for its table.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTestPostgres } from "@/test/support/postgres";
import { alternated, idleRssMiB, startBuiltApp, wrk, type Figure, type Load } from "./built-app";
import { buildReferenceApp, starterKitUser, type ReferenceBuild } from "./reference-server";

/** Measured once on this machine when issue 16 was done (the bare app's idle memory is not re-measured). */
const BARE_IDLE_RSS_MIB = 71;

const fmt = (n: number) => Math.round(n).toLocaleString("en");
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
const cpu = (load: Load, i = 0) => `${load.cpuMsPerRequest[i].toFixed(2)} ms`;

/** Starts the built app on PGlite, then on a throwaway PostgreSQL, each beside the reference, and measures the API figures. */
export async function apiFigures(rounds = 3, given?: ReferenceBuild): Promise<Figure[]> {
  const reference = given ?? (await buildReferenceApp());
  const figures: Figure[] = [];
  const scratch = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-api-"));
  try {
    const lite = await startBuiltApp();
    try {
      const rss = await idleRssMiB(lite.pid);
      const plansFile = path.join(scratch, "plans.json");
      writeFileSync(plansFile, await (await fetch(`${lite.baseUrl}/api/subscriptions/plans`)).text());
      const bare = await reference.start({ BARE_JSON_FILE: plansFile });
      try {
        await wrk(`${lite.baseUrl}/api/me`, { cookie: lite.cookie }, 3); // warm-up, not counted
        await wrk(`${lite.baseUrl}/api/subscriptions/plans`, {}, 3);
        await wrk(`${bare.baseUrl}/api/json`, {}, 3);
        const [me, plans, json] = await alternated(
          [
            { url: `${lite.baseUrl}/api/me`, headers: { cookie: lite.cookie }, pids: [lite.pid] },
            { url: `${lite.baseUrl}/api/subscriptions/plans`, pids: [lite.pid] },
            { url: `${bare.baseUrl}/api/json`, pids: [bare.pid] },
          ],
          rounds,
        );
        figures.push(
          { what: "GET /api/me (PGlite)", verbatim: `${fmt(me.requestsPerSecond)} req/s, p99 ${me.p99Ms.toFixed(1)} ms`, reference: "—", ratio: "—", target: "p99 < 100 ms" },
          { what: "  app CPU per request", verbatim: cpu(me), reference: "—", ratio: "—", target: "—" },
          { what: "GET /api/subscriptions/plans (PGlite)", verbatim: `${fmt(plans.requestsPerSecond)} req/s, p99 ${plans.p99Ms.toFixed(1)} ms`, reference: `bare JSON route ${fmt(json.requestsPerSecond)} req/s, p99 ${json.p99Ms.toFixed(1)} ms`, ratio: ratio(plans.requestsPerSecond, json.requestsPerSecond), target: "≥ 0.80×" },
          { what: "  app CPU per request", verbatim: cpu(plans), reference: cpu(json), ratio: "—", target: "—" },
          { what: "idle RSS, PGlite mode (app process tree)", verbatim: `${fmt(rss)} MiB`, reference: `bare ${BARE_IDLE_RSS_MIB} MiB (fixed)`, ratio: ratio(rss, BARE_IDLE_RSS_MIB), target: "≤ 250 MiB" },
        );
      } finally {
        await bare.stop();
      }
    } finally {
      await lite.stop();
    }

    const pg = await startTestPostgres();
    try {
      const starter = await starterKitUser(pg.url);
      const app = await startBuiltApp(pg.url);
      const kit = await reference.start({ POSTGRES_URL: starter.databaseUrl });
      try {
        await wrk(`${app.baseUrl}/api/me`, { cookie: app.cookie }, 3);
        await wrk(`${kit.baseUrl}/api/user`, { cookie: starter.cookie }, 3);
        const [me, user] = await alternated(
          [
            { url: `${app.baseUrl}/api/me`, headers: { cookie: app.cookie }, pids: [app.pid, pg.pid] },
            { url: `${kit.baseUrl}/api/user`, headers: { cookie: starter.cookie }, pids: [kit.pid, pg.pid] },
          ],
          rounds,
        );
        // The same at 10 connections, where the two cores are not saturated by wrk, the server and PostgreSQL together.
        const [meLight, userLight] = await alternated(
          [
            { url: `${app.baseUrl}/api/me`, headers: { cookie: app.cookie }, connections: 10 },
            { url: `${kit.baseUrl}/api/user`, headers: { cookie: starter.cookie }, connections: 10 },
          ],
          rounds,
        );
        figures.push(
          { what: "GET /api/me (PostgreSQL)", verbatim: `${fmt(me.requestsPerSecond)} req/s, p99 ${me.p99Ms.toFixed(1)} ms`, reference: `starter kit /api/user ${fmt(user.requestsPerSecond)} req/s, p99 ${user.p99Ms.toFixed(1)} ms`, ratio: ratio(me.requestsPerSecond, user.requestsPerSecond), target: "≥ 1.20×, p99 < 100 ms" },
          { what: "  app CPU per request", verbatim: cpu(me, 0), reference: cpu(user, 0), ratio: "—", target: "—" },
          { what: "  PostgreSQL CPU per request", verbatim: cpu(me, 1), reference: cpu(user, 1), ratio: "—", target: "—" },
          { what: "GET /api/me (PostgreSQL), 10 connections", verbatim: `${fmt(meLight.requestsPerSecond)} req/s, p99 ${meLight.p99Ms.toFixed(1)} ms`, reference: `starter kit ${fmt(userLight.requestsPerSecond)} req/s, p99 ${userLight.p99Ms.toFixed(1)} ms`, ratio: ratio(meLight.requestsPerSecond, userLight.requestsPerSecond), target: "p99 no worse" },
        );
      } finally {
        await kit.stop();
        await app.stop();
      }
    } finally {
      await pg.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    if (!given) reference.remove();
  }
  return figures;
}

async function main() {
  const figures = await apiFigures();
  console.log(`Machine: ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)} at the end. References = bench/reference-app built now with the same Next.js, measured in the same rounds.`);
  console.table(figures);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
