import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { startTestPostgres, type TestPostgres } from "./postgres";
import { testTemplate } from "./templates";

/** A migrated PGlite, dumped once per test run: loading it takes half the time of creating one. */
function pgliteTemplate(): Promise<string | null> {
  return testTemplate("pglite.tar", async (into) => {
    const handle = openDatabase({ dataDir: "memory://" });
    try {
      await migrateAndSeed(handle);
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      writeFileSync(into, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    } finally {
      await handle.close();
    }
  });
}

/**
 * A migrated PostgreSQL cluster, stopped cleanly, made once per test run: a suite starts a
 * copy and skips the migrations (the seed still runs, from the suite's environment).
 */
async function postgresTemplate(): Promise<string | undefined> {
  const made = await testTemplate("postgres-migrated", async (into) => {
    const pg = await startTestPostgres();
    try {
      const handle = openDatabase({ url: pg.url });
      try {
        await migrateAndSeed(handle, pg.url);
      } finally {
        await handle.close();
      }
    } catch (error) {
      await pg.stop();
      throw error;
    }
    mkdirSync(into);
    chmodSync(into, 0o777);
    await pg.stopInto(path.join(into, "data"));
  });
  return made ? path.join(made, "data") : undefined;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  url?: string;
  close(): Promise<void>;
}

/** A migrated and seeded database of each kind the product runs on. */
export const BACKENDS: Array<[string, () => Promise<TestDatabase>]> = [
  [
    "PGlite",
    async () => {
      const template = await pgliteTemplate();
      const handle = openDatabase({ dataDir: "memory://", loadDataDir: template ? new Blob([readFileSync(template)]) : undefined });
      await migrateAndSeed(handle); // the seed again, from this suite's environment
      return { handle, close: () => handle.close() };
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const pg: TestPostgres = await startTestPostgres({ from: await postgresTemplate() });
      const handle = openDatabase({ url: pg.url });
      await migrateAndSeed(handle, pg.url);
      return {
        handle,
        url: pg.url,
        close: async () => {
          await handle.close();
          await pg.stop();
        },
      };
    },
  ],
];

/** Opens one backend's database around a describe block: `t.db` inside its tests. */
export function useOpenedDatabase(open: () => Promise<TestDatabase>) {
  // Held in a Map rather than a reassigned variable: the hooks lint treats use* helpers as React hooks.
  const opened = new Map<"t", TestDatabase>();
  beforeAll(async () => {
    opened.set("t", await open());
  });
  afterAll(async () => {
    await opened.get("t")?.close();
  });
  return {
    get db() {
      return opened.get("t")!.handle.db;
    },
    /** PostgreSQL's connection string (undefined on PGlite) */
    get url() {
      return opened.get("t")!.url;
    },
  };
}
