import type { PGlite } from "@electric-sql/pglite";
import type { Pool, PoolClient } from "pg";
import { log } from "@/lib/log/logger";
import { listenOnPool } from "./pool-listener";

/**
 * Commits that wrote users or sessions, as this process knows of them: the counter moves on
 * migration 0015's notification (any process's commit) and, on PostgreSQL, on this process's
 * own writes before their call returns. A reader that sees it unchanged across its read may
 * keep what it read (lib/auth/session-lookup.ts).
 */
export interface WriteCounter {
  count: number;
}

const AUTH_WRITES_CHANNEL = "verbatim_auth_written";

/**
 * A statement that writes users or sessions, as drizzle, Better Auth (through drizzle) and
 * hand-written SQL spell it; a CTE's write counts. Matching more than that only empties the
 * cache once more.
 */
const AUTH_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:users|sessions)"?(?![\w"])|\btruncate\b[^;]*?\b(?:users|sessions)\b/i;

/** Whether this statement's text writes users or sessions (exported for its test). */
export function writesAuthTables(text: string): boolean {
  return AUTH_WRITE.test(text);
}

// On globalThis: each bundle (proxy, routes, instrumentation) has its own copy of this module,
// and the one that opened the database must be seen by all.
const globalForWrites = globalThis as unknown as { verbatimAuthWrites?: WeakMap<object, WriteCounter> };
const authWrites = (globalForWrites.verbatimAuthWrites ??= new WeakMap());

/**
 * The counter of this database's writes to users and sessions while it is trustworthy: once
 * the process listens for them, and on PostgreSQL not while the listening connection is
 * lost (a notification may be missed then, so every lookup reads). Undefined otherwise.
 */
export function authWriteCounter(database: object): WriteCounter | undefined {
  return authWrites.get(database);
}

/** PGlite runs a listener before the writer's own call returns: the notification is enough. */
export function watchAuthWritesInProcess(client: PGlite, database: object): void {
  const counter: WriteCounter = { count: 0 };
  void client.listen(AUTH_WRITES_CHANNEL, () => void counter.count++).then(
    () => authWrites.set(database, counter),
    (error: unknown) => log().warn({ err: error }, "not listening for session writes, so session lookups are not cached"),
  );
}

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * On PostgreSQL, other processes' commits arrive as notifications a moment after they commit;
 * this process's own are counted as they happen, so its next call never sees an older row:
 * when a statement that writes users or sessions is sent (a read under way then is not kept)
 * and again when its connection goes back to the pool (after its transaction committed or
 * rolled back, so a read made meanwhile is not kept either). Returns the listener's stop.
 */
export function watchAuthWritesOnServer(pool: Pool, database: object): () => Promise<void> {
  const counter: WriteCounter = { count: 0 };
  const writing = new WeakSet<PoolClient>();
  pool.on("connect", (client) => {
    // pg's query() has a dozen overloads; the text is all this looks at, the call goes on unchanged.
    const query = client.query as unknown as QueryFunction;
    const watched: QueryFunction = function (this: PoolClient, ...args: unknown[]) {
      const [first] = args;
      const text = typeof first === "string" ? first : (first as { text?: unknown } | null)?.text;
      if (typeof text === "string" && writesAuthTables(text)) {
        counter.count++;
        writing.add(client);
      }
      return query.apply(this, args);
    };
    (client as unknown as { query: QueryFunction }).query = watched;
  });
  pool.on("release", (_error, client) => {
    if (!writing.delete(client)) return;
    counter.count++;
  });
  const listening = listenOnPool(pool, AUTH_WRITES_CHANNEL, () => void counter.count++, {
    lostMeanwhile: "session lookups read the database every time meanwhile",
    onListening: (on) => {
      // Whatever was written while nobody listened: nothing kept from before counts.
      counter.count++;
      if (on) authWrites.set(database, counter);
      else authWrites.delete(database);
    },
  });
  return async () => {
    authWrites.delete(database);
    await (await listening)();
  };
}
