import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db/migrate";
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
