import type { Database } from "@/lib/db/client";
import { changedSince, toApiTranscription } from "./queries";

const POLL_MS = 1000;
const KEEPALIVE_MS = 15_000;
const MAX_LOOKBACK_MS = 10 * 60_000;

/** Where the stream starts: the page's render time when given (so nothing in between is missed), at most 10 minutes back. */
export function streamStart(sinceParam: string | null, now = Date.now()): Date {
  const since = sinceParam ? Date.parse(sinceParam) : NaN;
  if (!Number.isFinite(since)) return new Date(now - 2000);
  return new Date(Math.min(now, Math.max(since, now - MAX_LOOKBACK_MS)));
}

// Rows are stamped by whichever process wrote them; re-reading this far back covers clock
// differences between processes, and what was already sent is skipped by its stamp.
const OVERLAP_MS = 10_000;

/**
 * Reads the database (not process memory) so it sees progress written by any worker
 * process; one indexed query per second per open page, never two at once.
 */
export function statusStream(database: Database, userId: string, signal: AbortSignal, start: Date): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const lastSent = new Map<string, number>();
  let newest = start.getTime();
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastWrite = Date.now();
  return new ReadableStream({
    start(controller) {
      const send = (text: string) => {
        if (closed) return;
        lastWrite = Date.now();
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          closed = true; // the client went away mid-write
        }
      };
      const close = () => {
        if (closed) return;
        closed = true;
        clearTimeout(timer);
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      const tick = async () => {
        const since = new Date(Math.max(start.getTime(), newest - OVERLAP_MS));
        const rows = await changedSince(database, userId, since).catch(() => []);
        for (const row of rows) {
          const stamp = row.updatedAt.getTime();
          if ((lastSent.get(row.id) ?? -Infinity) >= stamp) continue;
          lastSent.set(row.id, stamp);
          newest = Math.max(newest, stamp);
          send(`data: ${JSON.stringify(toApiTranscription(row))}\n\n`);
        }
        if (Date.now() - lastWrite > KEEPALIVE_MS) send(": keep-alive\n\n");
        if (!closed) timer = setTimeout(() => void tick(), POLL_MS);
      };
      send("retry: 3000\n\n");
      timer = setTimeout(() => void tick(), 0);
      signal.addEventListener("abort", close);
    },
    cancel() {
      closed = true;
      clearTimeout(timer);
    },
  });
}
