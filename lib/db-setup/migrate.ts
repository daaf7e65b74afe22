import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { Client } from "pg";
import type { DatabaseHandle } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { seed } from "./seed";

const migrationsFolder = path.join(process.cwd(), "drizzle");

// Any constant works; it only has to be the same in every process of this app.
const MIGRATION_LOCK_ID = 724_118_901;

/**
 * Applies the committed migrations and the idempotent seed. On PostgreSQL several web and
 * worker processes may start at once, so they serialise on an advisory lock.
 */
export async function migrateAndSeed(handle: DatabaseHandle, url?: string): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase<typeof schema>, {
      migrationsFolder,
    });
    await seed(handle.db);
    return;
  }
  if (!url) throw new Error("migrateAndSeed needs the PostgreSQL URL for its lock connection");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const locked = drizzlePg(client, { schema });
    await locked.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    await migratePg(locked, { migrationsFolder });
    await seed(locked);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
