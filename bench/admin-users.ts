/**
 * `npm run bench:admin`: the admin user list (listAdminUsers) over 10,000 users, on
 * in-memory PGlite and on a PostgreSQL server started for the run. Prints p50 / p95 / max
 * per backend and query, and whether every p95 is under the 200 ms target.
 *
 *   npm run bench:admin -- [--users 10000] [--runs 30] [--warmups 5]
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { listAdminUsers, NO_FILTERS, type AdminUserFilters } from "@/lib/admin/admin-users";
import { openDatabase, type Database, type DatabaseHandle } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { startTestPostgres } from "@/test/support/postgres";

const TARGET_MS = 200;
const PAGE_SIZE = 25;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

interface Case {
  label: string;
  filters: AdminUserFilters;
  page: number;
}

const CASES: Case[] = [
  { label: "first page", filters: NO_FILTERS, page: 1 },
  { label: "page 200 (deep offset)", filters: NO_FILTERS, page: 200 },
  { label: 'search q="user-77"', filters: { ...NO_FILTERS, q: "user-77" }, page: 1 },
  { label: "plan=pro", filters: { ...NO_FILTERS, plan: "pro" }, page: 1 },
  { label: "status=trialing", filters: { ...NO_FILTERS, status: "trialing" }, page: 1 },
  { label: "active=false", filters: { ...NO_FILTERS, active: false }, page: 1 },
];

/**
 * `count` users, one a minute, some unverified (1 in 10) or deactivated (1 in 25). Two in
 * five have a subscription of a mixed plan and status; one in twenty also has an older
 * canceled one, so the list has to pick between two.
 */
async function seedUsers(database: Database, count: number): Promise<void> {
  await database.execute(sql`
    insert into users (id, name, email, email_verified, is_active, created_at, updated_at)
    select 'bench-' || lpad(g::text, 6, '0'), 'User ' || g, 'user-' || g || '@example.com',
           g % 10 <> 0, g % 25 <> 0,
           timestamptz '2025-01-01T00:00:00Z' + g * interval '1 minute',
           timestamptz '2025-01-01T00:00:00Z' + g * interval '1 minute'
    from generate_series(1, ${count}::int) as g`);
  await database.execute(sql`
    insert into subscriptions (id, user_id, plan_id, status, billing_interval, provider, trial_end, created_at, updated_at)
    select 'bench-sub-' || g, 'bench-' || lpad(g::text, 6, '0'),
           (array['pro', 'premium', 'pro', 'enterprise'])[g % 4 + 1],
           (array['active', 'active', 'active', 'trialing', 'canceled', 'past_due', 'unpaid'])[(g / 5) % 7 + 1],
           (array['monthly', 'annual'])[g % 2 + 1],
           'demo',
           case when (g / 5) % 7 = 3 then timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute' end,
           timestamptz '2025-06-01T00:00:00Z' + g * interval '1 minute',
           timestamptz '2025-06-01T00:00:00Z' + g * interval '1 minute'
    from generate_series(1, ${count}::int) as g
    where g % 5 in (0, 1)`);
  await database.execute(sql`
    insert into subscriptions (id, user_id, plan_id, status, billing_interval, provider, created_at, updated_at)
    select 'bench-old-' || g, 'bench-' || lpad(g::text, 6, '0'), 'premium', 'canceled', 'monthly', 'demo',
           timestamptz '2025-03-01T00:00:00Z', timestamptz '2025-03-01T00:00:00Z'
    from generate_series(1, ${count}::int) as g
    where g % 20 = 0`);
  await database.execute(sql`analyze`);
}

interface Timing {
  p50: number;
  p95: number;
  max: number;
  total: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

async function time(database: Database, c: Case, warmups: number, runs: number): Promise<Timing> {
  const page = { page: c.page, pageSize: PAGE_SIZE };
  let total = 0;
  for (let i = 0; i < warmups; i++) total = (await listAdminUsers(database, c.filters, page)).total;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await listAdminUsers(database, c.filters, page);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), max: samples.at(-1) ?? NaN, total };
}

const ms = (value: number) => value.toFixed(1).padStart(8);

async function benchBackend(name: string, handle: DatabaseHandle, users: number, warmups: number, runs: number): Promise<number[]> {
  const seeded = performance.now();
  await seedUsers(handle.db, users);
  console.log(`\n${name}: ${users} users seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  console.log(`${"query".padEnd(26)}${"p50 ms".padStart(8)}${"p95 ms".padStart(8)}${"max ms".padStart(8)}   matching`);
  const p95s: number[] = [];
  for (const c of CASES) {
    const t = await time(handle.db, c, warmups, runs);
    console.log(`${c.label.padEnd(26)}${ms(t.p50)}${ms(t.p95)}${ms(t.max)}   ${t.total}`);
    p95s.push(t.p95);
  }
  return p95s;
}

async function main() {
  const users = arg("users", 10_000);
  const runs = arg("runs", 30);
  const warmups = arg("warmups", 5);
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-"));
  Object.assign(process.env, { DATA_DIR: dir });
  console.log(`listAdminUsers, page size ${PAGE_SIZE}: ${warmups} warm-ups, then ${runs} timed runs per query`);
  const p95s: number[] = [];
  try {
    const pglite = openDatabase({ dataDir: "memory://" });
    try {
      await migrateAndSeed(pglite);
      p95s.push(...(await benchBackend("PGlite (in memory)", pglite, users, warmups, runs)));
    } finally {
      await pglite.close();
    }

    const server = await startTestPostgres();
    const postgres = openDatabase({ url: server.url });
    try {
      await migrateAndSeed(postgres, server.url);
      p95s.push(...(await benchBackend("PostgreSQL", postgres, users, warmups, runs)));
    } finally {
      await postgres.close();
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const worst = Math.max(...p95s);
  const verdict = worst < TARGET_MS ? "yes" : "NO";
  console.log(`\nevery p95 under ${TARGET_MS} ms: ${verdict} (worst p95 ${worst.toFixed(1)} ms)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
