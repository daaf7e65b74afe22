import type { PGlite } from "@electric-sql/pglite";
import { Pool, type PoolClient } from "pg";
import { log } from "@/lib/log/logger";
import type { Database } from "./client";

/**
 * Calls `onNotify` with each payload of `channel` (PostgreSQL's LISTEN/NOTIFY) until the
 * returned function is called. On PostgreSQL one connection of the pool is kept for it and
 * opened again if it drops; on PGlite the notification comes in-process.
 */
export async function listen(database: Database, channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  // Drizzle keeps the driver's client on $client, which its PgDatabase type does not declare.
  const client = (database as unknown as { $client?: unknown }).$client;
  if (client instanceof Pool) return listenOnPool(client, channel, onNotify);
  if (client && typeof (client as PGlite).listen === "function") {
    return (client as PGlite).listen(channel, (payload) => onNotify(payload));
  }
  return async () => {};
}

async function listenOnPool(pool: Pool, channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  let connection: PoolClient | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async (): Promise<void> => {
    try {
      const c = await pool.connect();
      c.on("notification", (message) => {
        if (message.channel === channel) onNotify(message.payload ?? "");
      });
      c.on("error", (error) => {
        // Once given back (stopped) or replaced, the client is no longer this listener's.
        if (connection !== c) return;
        log().warn({ err: error, channel }, "the connection listening for wake-ups dropped; opening another");
        c.release(true);
        connection = null;
        if (!closed) retry = setTimeout(() => void connect(), 1000);
      });
      connection = c;
      await c.query(`LISTEN "${channel}"`);
      if (closed) await stop();
    } catch (error) {
      log().warn({ err: error, channel }, "could not listen for wake-ups; trying again in 5 s (polling meanwhile)");
      if (!closed) retry = setTimeout(() => void connect(), 5000);
    }
  };
  const stop = async () => {
    closed = true;
    clearTimeout(retry);
    const c = connection;
    connection = null;
    if (c) {
      await c.query(`UNLISTEN "${channel}"`).catch(() => {});
      c.release();
    }
  };
  await connect();
  return stop;
}
