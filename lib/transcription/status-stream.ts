import { db } from "@/lib/db/client";
import { changedSince, toApiTranscription } from "./queries";

const POLL_MS = 1000;
const KEEPALIVE_MS = 15_000;

/**
 * Reads the database (not process memory) so it sees progress written by any worker
 * process; one indexed query per second per open page.
 */
export function statusStream(userId: string, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let since = new Date(Date.now() - 2000);
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
          send(`data: ${JSON.stringify(toApiTranscription(row))}\n\n`);
          if (row.updatedAt > since) since = row.updatedAt;
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
