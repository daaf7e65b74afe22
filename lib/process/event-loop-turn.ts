/**
 * Resolves once the event loop has been through a poll for I/O (and its timers): long work
 * done in parts awaits it between parts so that other requests are read meanwhile. One
 * setImmediate queued from an I/O callback runs before the next poll; the second runs after it.
 */
export function afterPendingIo(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
