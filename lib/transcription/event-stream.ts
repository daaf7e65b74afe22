import { takeStreamSlot } from "./stream-slots";

const KEEPALIVE_MS = 15_000;

/** What one round of a stream does: send what is new, then say whether to go on. */
export type StreamStep = (send: (text: string) => void) => Promise<"more" | "end">;

/**
 * A server-sent-events body for the user `owner`: runs `step`, waits for `wait` (the next
 * change, or a timeout), and again, until the client goes, the stream is cancelled or a step
 * says "end". Comments keep idle connections open through proxies; `retry` tells EventSource
 * to come back in 3 s. Each stream holds one of its owner's slots (stream-slots) until it
 * ends, whichever way: with all taken this throws the 429 instead of opening another.
 */
export function eventStream(owner: string, signal: AbortSignal, step: StreamStep, wait: (stop: AbortSignal) => Promise<void>): ReadableStream<Uint8Array> {
  const release = takeStreamSlot(owner);
  const encoder = new TextEncoder();
  let lastWrite = Date.now();
  // Ends the wait for the next change when the client goes or the stream is cancelled.
  const ended = new AbortController();
  const stop = AbortSignal.any([signal, ended.signal]);
  return new ReadableStream({
    start(controller) {
      const send = (text: string) => {
        if (stop.aborted) return;
        lastWrite = Date.now();
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          ended.abort(); // the client went away mid-write
        }
      };
      const tick = async () => {
        if (stop.aborted) return;
        if ((await step(send).catch(() => "more" as const)) === "end") return ended.abort();
        if (Date.now() - lastWrite > KEEPALIVE_MS) send(": keep-alive\n\n");
        await wait(stop);
        void tick();
      };
      const close = () => {
        release();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      if (stop.aborted) return close(); // the client left before the stream began
      send("retry: 3000\n\n");
      void tick();
      stop.addEventListener("abort", close);
    },
    cancel() {
      ended.abort();
    },
  });
}
