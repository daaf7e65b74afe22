import type { PGlite, Transaction } from "@electric-sql/pglite";

/** Resolves once the event loop has been through a poll for I/O (and its timers). */
function afterPendingIo(): Promise<void> {
  // One setImmediate queued from an I/O callback runs before the next poll; the second one
  // runs only after it.
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/**
 * Makes every query on `client`, inside transactions too, first let the event loop poll.
 * PGlite answers in the server's own thread, and a chain of awaited queries (a save's
 * transaction, a long transcript read page by page) otherwise runs as one run of microtasks
 * in which no other request is even read: a 200-segment save held everyone ~70 ms. Now a
 * request waits for a statement, or for a transaction it needs the database behind.
 */
export function takingTurns(client: PGlite): PGlite {
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<PGlite["query"]>) => {
    await afterPendingIo();
    return query(...args);
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
