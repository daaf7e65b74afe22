import type { PGlite } from "@electric-sql/pglite";
import { Client, Pool } from "pg";
import { log } from "@/lib/log/logger";
import type { Database } from "./client";

/** How long a listener that lost its connection waits before opening another. */
const RECONNECT_MS = 2000;

/**
 * Calls `onNotify` with each payload of `channel` (PostgreSQL's LISTEN/NOTIFY) until the
 * returned function is called. On PostgreSQL it holds a connection of its own, outside the
 * pool (a listener must keep its connection, and the pool's are for queries), opened again
 * when it drops; on PGlite the notification comes in-process.
 */
export async function listen(database: Database, channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  // Drizzle keeps the driver's client on $client, which its PgDatabase type does not declare.
  const client = (database as unknown as { $client?: unknown }).$client;
  if (client instanceof Pool) return listenOnServer(client, channel, onNotify);
  if (client && typeof (client as PGlite).listen === "function") {
    return (client as PGlite).listen(channel, (payload) => onNotify(payload));
  }
  return async () => {};
}

async function listenOnServer(pool: Pool, channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  let current: Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // One way back for every failure (an error event, a failed LISTEN): at most one reconnect waits.
  const reconnectLater = (client: Client, error: unknown) => {
    if (current === client) current = null;
    void client.end().catch(() => {});
    if (closed || retry) return;
    log().warn({ err: error, channel }, "the connection listening for wake-ups was lost; workers look for work every few seconds meanwhile");
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
  };
  const connect = async (): Promise<void> => {
    const client = new Client(pool.options);
    client.on("error", (error) => reconnectLater(client, error));
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      if (closed) await client.end();
      else current = client;
    } catch (error) {
      reconnectLater(client, error);
    }
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
