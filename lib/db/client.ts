// The database is the server's: Next.js fails the build of any browser bundle that reaches this
// module. Outside Next.js, next/jest maps "server-only" to an empty module and the tsx scripts
// run with --conditions=react-server, which selects the package's own empty module.
import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { Pool } from "pg";
import { env } from "@/lib/env";
import { watchAuthWritesInProcess, watchAuthWritesOnServer } from "./auth-writes";
import { takingTurns } from "./pglite-turns";
import * as schema from "./schema";
import { log } from "@/lib/log/logger";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `database.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  /** PostgreSQL connections this process may hold at once (DATABASE_POOL_SIZE) */
  poolSize?: number;
  /** a PGlite data directory dumped by `dumpDataDir` to start from (tests start from one migrated copy) */
  loadDataDir?: Blob;
}

/**
 * PGlite's memory is a WebAssembly heap that only grows, and it sits in the app's resident
 * memory (issue 16's budget, bench/web-api.ts):
 * - PostgreSQL's default shared_buffers (128 MB) was most of it. PGlite serves one process
 *   with a small catalogue, and the pages it evicts stay in the kernel's file cache, so 8 MB
 *   costs no measurable throughput;
 * - the shared arrays for server processes and their locks are sized for max_connections,
 *   WAL senders and autovacuum workers, none of which a single-user PGlite starts: sized for
 *   the fewest PostgreSQL accepts.
 *
 * And PGlite writes in the server's own thread, so a write that waits for the disk holds
 * every request: with wal_init_zero on, each new 16 MB WAL file was zero-filled inside
 * whichever statement needed it (one shift of 100 segments in a merge held the event loop
 * ~100 ms). Off, PostgreSQL only sets the file's size, as it documents for file systems
 * where zero-filling buys nothing; the WAL itself is written as before.
 */
const PGLITE_SETTINGS = ["shared_buffers=8MB", "max_connections=4", "max_wal_senders=0", "autovacuum_max_workers=1", "wal_init_zero=off"];

/** pg's own default, kept for scripts and tests that open a database without the server's settings. */
const DEFAULT_POOL_SIZE = 10;

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url) {
    const pool = new Pool({ connectionString: options.url, max: options.poolSize ?? DEFAULT_POOL_SIZE });
    // An idle connection dropped by the server (restart, failover) emits here; without a
    // listener Node would treat it as an uncaught error and exit. The pool replaces it.
    pool.on("error", (error) => log().warn({ err: error }, "idle PostgreSQL connection closed"));
    const database = drizzlePg(pool, { schema });
    const stopWatching = watchAuthWritesOnServer(pool, database);
    return {
      db: database,
      kind: "postgres",
      close: async () => {
        await stopWatching();
        await pool.end();
      },
    };
  }
  const dataDir = options.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = takingTurns(new PGlite(dataDir, { loadDataDir: options.loadDataDir, startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting])] }));
  const database = drizzlePglite(client, { schema });
  watchAuthWritesInProcess(client, database);
  return { db: database, kind: "pglite", close: () => client.close() };
}

// PGlite has no lock: one process, one instance. Keeping it on globalThis makes hot reload
// and every bundle that imports this module (proxy, routes, instrumentation) share it.
const globalForDb = globalThis as unknown as { verbatimDb?: DatabaseHandle };

export function databaseHandle(): DatabaseHandle {
  if (!globalForDb.verbatimDb) {
    const { DATABASE_URL, DATABASE_POOL_SIZE, DATA_DIR } = env();
    globalForDb.verbatimDb = openDatabase({
      url: DATABASE_URL,
      poolSize: DATABASE_POOL_SIZE,
      dataDir: path.resolve(DATA_DIR, "pglite"),
    });
  }
  return globalForDb.verbatimDb;
}

export function db(): Database {
  return databaseHandle().db;
}

/** Raw SQL with typed rows. Both drivers (pg and PGlite) answer with a `rows` array. */
export async function queryRows<T>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
