import { db } from "@/lib/db/client";
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

/**
 * Reads the database (not process memory) so it sees progress written by any worker
 * process; one indexed query per second per open page.
 */
export function statusStream(userId: string, signal: AbortSignal, start: Date): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let since = start;
  // Rows are read with >= so two changes in the same millisecond are both seen; this
  // remembers what was sent at the boundary so nothing goes out twice.
  let sentAtBoundary = new Set<string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastWrite = Date.now();
  return new ReadableStream({
    start(controller) {
      const send = (text: string) => {
        lastWrite = Date.now();
        controller.enqueue(encoder.encode(text));
      };
      send("retry: 3000\n\n");
      const tick = async () => {
        const rows = await changedSince(db(), userId, since).catch(() => []);
        for (const row of rows) {
          const key = `${row.id}@${row.updatedAt.getTime()}`;
          if (sentAtBoundary.has(key)) continue;
          send(`data: ${JSON.stringify(toApiTranscription(row))}\n\n`);
          if (row.updatedAt > since) {
            since = row.updatedAt;
            sentAtBoundary = new Set();
          }
          sentAtBoundary.add(key);
        }
        if (Date.now() - lastWrite > KEEPALIVE_MS) send(": keep-alive\n\n");
      };
      timer = setInterval(() => void tick(), POLL_MS);
      signal.addEventListener("abort", () => {
        clearInterval(timer);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      });
    },
    cancel() {
      clearInterval(timer);
    },
  });
}
