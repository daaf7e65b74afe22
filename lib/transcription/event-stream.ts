import { takeStreamSlot } from "./stream-slots";

const KEEPALIVE_MS = 15_000;
/** While nothing wakes a stream, how often it asks whether its reader may still read it. */
export const ACCESS_RECHECK_MS = 2000;

/** Who reads a stream: the user, and whether the way they signed in (session, API key) still stands. */
export interface StreamReader {
  userId: string;
  stillSignedIn: () => Promise<boolean>;
}

/** What one round of a stream does: send what is new, then say whether to go on. */
export type StreamStep = (send: (text: string) => void) => Promise<"more" | "end">;

export interface EventStreamOptions {
  /** the user whose stream slots it holds */
  owner: string;
  /** the request's signal: the client went away */
  signal: AbortSignal;
  step: StreamStep;
  /** resolves at the next change the stream may have to send (or a fallback time), or when `stop` aborts */
  wait: (stop: AbortSignal) => Promise<void>;
  /**
   * Whether the reader may still read what the stream sends (signed in, still a member, the
   * transcription not deleted …), one or two indexed queries. Asked before every step and,
   * while the stream waits, every ACCESS_RECHECK_MS; no (or a failure to tell) ends it.
   */
  allowed: () => Promise<boolean>;
}

/** Whether `promise` settled within `ms` (it is left running otherwise). */
function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const settled = () => {
      clearTimeout(timer);
      resolve(true);
    };
    promise.then(settled, settled);
  });
}

/**
 * The one server-sent-events body every stream is built on: runs `step`, waits for `wait`
 * (the next change, or a timeout), and again, until the client goes, the stream is
 * cancelled, a step says "end" or the reader loses access (then it closes: the browser's
 * EventSource comes back in 3 s, `retry`, and meets the route's 401 or 404). Comments keep
 * idle connections open through proxies. Nothing is written after the stream closed,
 * whatever a step or timer still does then. Each stream holds one of its owner's slots
 * (stream-slots) until it ends, whichever way: with all taken this throws the 429 instead
 * of opening another.
 */
export function eventStream({ owner, signal, step, wait, allowed }: EventStreamOptions): ReadableStream<Uint8Array> {
  const release = takeStreamSlot(owner);
  const encoder = new TextEncoder();
  let lastWrite = Date.now();
  // Ends the wait for the next change when the client goes, the stream is cancelled or ends.
  const ended = new AbortController();
  const stop = AbortSignal.any([signal, ended.signal]);
  const stillAllowed = () => allowed().catch(() => false);
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
      const run = async () => {
        while (!stop.aborted) {
          if (!(await stillAllowed())) return;
          if ((await step(send).catch(() => "more" as const)) === "end") return;
          if (Date.now() - lastWrite > KEEPALIVE_MS) send(": keep-alive\n\n");
          const next = wait(stop);
          while (!(await settlesWithin(next, ACCESS_RECHECK_MS))) {
            if (stop.aborted || !(await stillAllowed())) return;
          }
        }
      };
      const close = () => {
        release();
        try {
          controller.close();
        } catch {
          // already closed: the client cancelled it
        }
      };
      if (stop.aborted) return close(); // the client left before the stream began
      stop.addEventListener("abort", close, { once: true });
      send("retry: 3000\n\n");
      const end = () => ended.abort();
      run().then(end, end);
    },
    cancel() {
      ended.abort();
    },
  });
}
