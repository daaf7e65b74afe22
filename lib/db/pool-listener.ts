import { Client, type Pool } from "pg";
import { log } from "@/lib/log/logger";

/** How long a listener that lost its connection waits before opening another. */
const RECONNECT_MS = 2000;
/** TCP keep-alive on the listening connection, so a silently dropped link is noticed and reopened. */
const KEEPALIVE_DELAY_MS = 10_000;

export interface PoolListenerOptions {
  /** told `true` once LISTEN is in place (again, after a reconnect) and `false` when the connection is lost */
  onListening?: (listening: boolean) => void;
  /** what the log says was lost meanwhile */
  lostMeanwhile: string;
}

/**
 * Calls `onNotify` with each payload of `channel` (PostgreSQL's LISTEN/NOTIFY) until the
 * returned function is called. It holds a connection of its own, outside the pool (a listener
 * must keep its connection, and the pool's are for queries), opened again when it drops.
 */
export async function listenOnPool(pool: Pool, channel: string, onNotify: (payload: string) => void, options: PoolListenerOptions): Promise<() => Promise<void>> {
  let current: Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // One way back for every failure (an error event, a failed LISTEN): at most one reconnect waits.
  const reconnectLater = (client: Client, error: unknown) => {
    const wasListening = current === client;
    if (wasListening) current = null;
    if (wasListening) options.onListening?.(false);
    void client.end().catch(() => {});
    if (closed || retry) return;
    log().warn({ err: error, channel }, `the connection listening on ${channel} was lost; ${options.lostMeanwhile}`);
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
  };
  const connect = async (): Promise<void> => {
    const client = new Client({ ...pool.options, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS });
    client.on("error", (error) => reconnectLater(client, error));
    client.on("end", () => reconnectLater(client, new Error("the listening connection ended")));
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      if (closed) {
        await client.end();
        return;
      }
      current = client;
      options.onListening?.(true);
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
