import { Client, type Pool } from "pg";
import { log } from "@/lib/log/logger";

/** How long a listener that lost its connection waits before opening another. */
const RECONNECT_MS = 2000;
/** How often the listening connection is asked to answer, and how long it has to. */
const PING_EVERY_MS = 2000;
const PING_TIMEOUT_MS = 3000;
/** How long opening the listening connection may take (stopping waits for it). */
const CONNECT_TIMEOUT_MS = 10_000;

export interface PoolListenerOptions {
  /** told `true` once LISTEN is in place (again, after a reconnect) and `false` when the connection is lost */
  onListening?: (listening: boolean) => void;
  /** what the log says happens meanwhile */
  lostMeanwhile: string;
}

/**
 * Calls `onNotify` with each payload of `channel` (PostgreSQL's LISTEN/NOTIFY) until the
 * returned function is called. It holds a connection of its own, outside the pool (a listener
 * must keep its connection, and the pool's are for queries), opened again when it drops. A
 * connection that dies without a word (a database host gone without a reset, a half-open link
 * after a failover) would never say so: it is asked `SELECT 1` every 2 s and counts as lost
 * when it has not answered within 3 s.
 */
export async function listenOnPool(pool: Pool, channel: string, onNotify: (payload: string) => void, options: PoolListenerOptions): Promise<() => Promise<void>> {
  let current: Client | null = null;
  let connecting: Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  // One way back for every failure of the connection in use or being opened (an error or end
  // event, a failed LISTEN, a ping unanswered); a late event from one already given up is ignored.
  const reconnectLater = (client: Client, error: unknown) => {
    if (client !== current && client !== connecting) return;
    if (client === connecting) connecting = null;
    if (client === current) {
      current = null;
      clearInterval(ping);
      options.onListening?.(false);
    }
    void client.end().catch(() => {});
    if (closed || retry) return;
    log().warn({ err: error, channel }, `the connection listening on ${channel} was lost; ${options.lostMeanwhile}`);
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
  };
  const watch = (client: Client) => {
    let askedAt: number | null = null;
    ping = setInterval(() => {
      if (askedAt !== null) {
        if (Date.now() - askedAt > PING_TIMEOUT_MS) reconnectLater(client, new Error("the listening connection stopped answering"));
        return;
      }
      askedAt = Date.now();
      client.query("SELECT 1").then(
        () => (askedAt = null),
        (error: unknown) => reconnectLater(client, error),
      );
    }, PING_EVERY_MS);
    ping.unref();
  };
  const connect = async (): Promise<void> => {
    const client = new Client({ ...pool.options, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    connecting = client;
    client.on("error", (error) => reconnectLater(client, error));
    client.on("end", () => reconnectLater(client, new Error("the listening connection ended")));
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      reconnectLater(client, error);
      return;
    }
    if (connecting !== client) return; // given up meanwhile
    connecting = null;
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    watch(client);
    options.onListening?.(true);
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    clearInterval(ping);
    const client = current ?? connecting;
    current = null;
    connecting = null;
    await client?.end().catch(() => {});
  };
}
