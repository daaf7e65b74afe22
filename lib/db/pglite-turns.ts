import type { PGlite, Transaction } from "@electric-sql/pglite";
import { afterPendingIo } from "@/lib/process/event-loop-turn";

/**
 * Makes every query on `client`, inside transactions too, first let the event loop poll.
 * PGlite answers in the server's own thread, and a chain of awaited queries (a save's
 * transaction, a long transcript read page by page) otherwise runs as one run of microtasks
 * in which no other request is even read: a 200-segment save held everyone ~70 ms. Now a
 * request waits for a statement, or for a transaction it needs the database behind.
 *
 * Queries sent at once by many requests (twenty folder lists, ten visitors of a share link)
 * take turns too, one per poll: PGlite's own lock would otherwise hand the database from one
 * to the next within one run of microtasks, and they held the loop as long as all of them
 * together. A transaction's own queries skip this line (they hold the database already, and
 * a query in line may be waiting for the transaction to end).
 */
export function takingTurns(client: PGlite): PGlite {
  let line: Promise<unknown> = client.waitReady;
  // PGlite's start-up sends queries of its own: they must not wait in a line that waits for it.
  let started = false;
  void client.waitReady.then(() => (started = true), () => undefined);
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<PGlite["query"]>) => {
    if (!started) return afterPendingIo().then(() => query(...args));
    const mine = line.then(afterPendingIo).then(() => query(...args));
    line = mine.catch(() => undefined);
    return mine;
  }) as PGlite["query"];
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction(async (tx) => {
      const inside = tx.query.bind(tx);
      tx.query = (async (...args: Parameters<Transaction["query"]>) => {
        await afterPendingIo();
        return inside(...args);
      }) as Transaction["query"];
      return callback(tx);
    })) as PGlite["transaction"];
  return client;
}
