import { databaseHandle } from "./client";
import { migrateAndSeed } from "./migrate";
import { env } from "@/lib/env";

/** Migrations and seed, once per process. */
export async function prepareDatabase(): Promise<void> {
  const started = Date.now();
  const handle = databaseHandle();
  await migrateAndSeed(handle, env().DATABASE_URL);
  console.info(`[db] ${handle.kind} ready in ${Date.now() - started} ms`);
}
