import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";

/**
 * An in-memory PGlite migrated up to (not including) the migration `tag`, as an install
 * made before it; `arrange` writes that install's rows (raw SQL: later columns do not exist
 * yet), then the remaining migrations run and `check` looks at the result.
 */
export async function acrossMigration(
  tag: string,
  arrange: (handle: DatabaseHandle) => Promise<void>,
  check: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const folder = path.join(process.cwd(), "drizzle");
  const before = mkdtempSync(path.join(tmpdir(), "verbatim-migrations-"));
  const handle = openDatabase({ dataDir: "memory://" });
  try {
    cpSync(folder, before, { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(before, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < tag);
    writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify(journal));
    const database = handle.db as unknown as PgliteDatabase;
    await migrate(database, { migrationsFolder: before });
    await arrange(handle);
    await migrate(database, { migrationsFolder: folder });
    await check(handle);
  } finally {
    await handle.close();
    rmSync(before, { recursive: true, force: true });
  }
}
