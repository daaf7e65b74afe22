import type { PGlite } from "@electric-sql/pglite";
import { Pool } from "pg";
import type { Database } from "./client";
import { listenOnPool } from "./pool-listener";

/**
 * Calls `onNotify` with each payload of `channel` (PostgreSQL's LISTEN/NOTIFY) until the
 * returned function is called. On PostgreSQL it holds a connection of its own (pool-listener);
 * on PGlite the notification comes in-process.
 */
export async function listen(database: Database, channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  // Drizzle keeps the driver's client on $client, which its PgDatabase type does not declare.
  const client = (database as unknown as { $client?: unknown }).$client;
  if (client instanceof Pool) return listenOnPool(client, channel, onNotify, { lostMeanwhile: "workers look for work every few seconds meanwhile" });
  if (client && typeof (client as PGlite).listen === "function") {
    return (client as PGlite).listen(channel, (payload) => onNotify(payload));
  }
  return async () => {};
}
