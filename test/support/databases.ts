import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { startTestPostgres, type TestPostgres } from "./postgres";

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
      const handle = openDatabase({ dataDir: "memory://" });
      await migrateAndSeed(handle);
      return { handle, close: () => handle.close() };
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const pg: TestPostgres = await startTestPostgres();
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
