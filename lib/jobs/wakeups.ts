import type { Database } from "@/lib/db/client";
import { listen } from "@/lib/db/listen";
import type { JobKind } from "@/lib/db/schema";

/** Migration 0020's trigger notifies this channel with the kind of each job queued. */
const CHANNEL = "verbatim_jobs";

export interface Wakeups {
  /** A mark to take before looking for work: `wait` returns at once if a wake-up came after it. */
  mark(): number;
  /** Resolves when a job of one of these kinds is queued (since `mark`), `poke` is called, `ms` pass or `signal` aborts. */
  wait(kinds: readonly JobKind[], ms: number, signal: AbortSignal, since: number): Promise<void>;
  /** wakes every waiter (a running job ended, so a slot is free) */
  poke(): void;
  close(): Promise<void>;
}

/**
 * A worker's wake-ups: lanes wait for a notification rather than polling every second. The
 * wait still ends after `ms`, for what no notification announces: a retry's backoff running
 * out, the lease of a dead worker's job lapsing.
 */
export async function startWakeups(database: Database): Promise<Wakeups> {
  const waiters = new Set<{ kinds: readonly string[] | null; wake: () => void }>();
  // Each wake-up's number, and the last one per kind: a wake-up between a lane's look for
  // work and its wait is not missed.
  let count = 0;
  const lastOf = new Map<string | null, number>();
  const wake = (kind: string | null) => {
    lastOf.set(kind, ++count);
    for (const w of waiters) if (kind === null || w.kinds === null || w.kinds.includes(kind)) w.wake();
  };
  const stop = await listen(database, CHANNEL, (kind) => wake(kind));
  return {
    mark: () => count,
    wait(kinds, ms, signal, since) {
      return new Promise((resolve) => {
        const missed = [null, ...kinds].some((k) => (lastOf.get(k) ?? 0) > since);
        if (signal.aborted || missed) return resolve();
        const waiter = { kinds, wake: () => done() };
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener("abort", done);
          waiters.delete(waiter);
          resolve();
        };
        const timer = setTimeout(done, ms);
        signal.addEventListener("abort", done, { once: true });
        waiters.add(waiter);
      });
    },
    poke: () => wake(null),
    close: stop,
  };
}
