import { EventEmitter } from "node:events";
import { Client } from "pg";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";

/** How a status stream learns that one of its user's transcriptions changed. */
export interface ChangeFeed {
  /** Resolves when the user's transcriptions may have changed, or after a fallback time at the latest. */
  next(userId: string, signal: AbortSignal): Promise<void>;
}

const POLL_MS = 1000;
/** With notifications, the database is still read this often: a safety net for a dropped listener. */
const NOTIFIED_FALLBACK_MS = 15_000;
const CHANNEL = "transcription_changed";

function wait(ms: number, signal: AbortSignal, wake?: (resolve: () => void) => () => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      unsubscribe?.();
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    const unsubscribe = wake?.(done);
  });
}

/** Changes written by this process (embedded PGlite has no other): its streams wake at once. */
const localChanges = new EventEmitter();
localChanges.setMaxListeners(0);

/**
 * Embedded PGlite has one process and no listeners elsewhere: the stream reads once a
 * second, or at once when this process announces a change (live text).
 */
const pollingFeed: ChangeFeed = {
  next: (userId, signal) =>
    wait(POLL_MS, signal, (resolve) => {
      localChanges.once(userId, resolve);
      return () => localChanges.off(userId, resolve);
    }),
};

/**
 * PostgreSQL: one LISTEN connection per process, fed by the transcriptions table's trigger
 * (migration 0008), wakes exactly the streams of the user whose row changed, whichever host
 * wrote it. Reconnects after a dropped connection; until then the fallback read covers it.
 */
function notifiedFeed(url: string): ChangeFeed {
  const users = new EventEmitter();
  users.setMaxListeners(0);
  let connecting: Promise<void> | null = null;
  const listen = () => {
    connecting ??= (async () => {
      const client = new Client({ connectionString: url });
      client.on("notification", (message) => {
        if (message.channel === CHANNEL && message.payload) users.emit(message.payload);
      });
      client.on("error", (error) => {
        log().error({ err: error }, "live status: the LISTEN connection failed; reconnecting");
        connecting = null;
        void client.end().catch(() => {});
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
      } catch (error) {
        connecting = null;
        throw error;
      }
    })();
    return connecting;
  };
  return {
    async next(userId, signal) {
      // Without a listening connection (the database is away) the stream polls as on PGlite.
      const listening = await listen().then(
        () => true,
        () => false,
      );
      await wait(listening ? NOTIFIED_FALLBACK_MS : POLL_MS, signal, (resolve) => {
        users.once(userId, resolve);
        return () => users.off(userId, resolve);
      });
    },
  };
}

const globalForFeed = globalThis as unknown as { verbatimChangeFeed?: { url: string; feed: ChangeFeed } };

/** The feed for this process's database: notified on PostgreSQL, polling on PGlite. */
export function changeFeed(): ChangeFeed {
  const url = env().DATABASE_URL;
  if (!url) return pollingFeed;
  if (globalForFeed.verbatimChangeFeed?.url !== url) globalForFeed.verbatimChangeFeed = { url, feed: notifiedFeed(url) };
  return globalForFeed.verbatimChangeFeed.feed;
}

/**
 * Wakes the streams of this user now, on every host: a NOTIFY on PostgreSQL, this
 * process's streams on PGlite. For changes outside the transcriptions table (live text).
 */
export async function announceChange(database: Database, userId: string): Promise<void> {
  if (env().DATABASE_URL) await database.execute(sql`select pg_notify(${CHANNEL}, ${userId})`);
  else localChanges.emit(userId);
}
