import { databaseHandle } from "@/lib/db/client";
import { migrateAndSeed } from "./migrate";
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";

/** Migrations and seed, once per process. */
export async function prepareDatabase(): Promise<void> {
  const started = Date.now();
  const handle = databaseHandle();
  await migrateAndSeed(handle, env().DATABASE_URL);
  log().info({ database: handle.kind, duration_ms: Date.now() - started }, "database ready");
}
