import { ACCESS_RECHECK_MS, eventStream, type StreamStep } from "./event-stream";
import { MAX_STREAMS_PER_USER } from "./stream-slots";

const decoder = new TextDecoder();

/** Everything the stream sends until it closes, or until `ms` pass (then `closed` is false). */
async function readAll(stream: ReadableStream<Uint8Array>, ms: number): Promise<{ text: string; closed: boolean }> {
  const reader = stream.getReader();
  let text = "";
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return { text, closed: false };
    const next = await Promise.race([reader.read(), new Promise<"late">((resolve) => setTimeout(() => resolve("late"), left))]);
    if (next === "late") return { text, closed: false };
    if (next.done) return { text, closed: true };
    text += decoder.decode(next.value);
  }
}

/** A feed with no change to tell: waits until the stream stops. */
const never = (stop: AbortSignal) => new Promise<void>((resolve) => stop.addEventListener("abort", () => resolve(), { once: true }));
const allowed = async () => true;

/** Opens and closes as many streams as one user may hold: throws the 429 if any slot was left taken. */
function slotsAllFree(owner: string): void {
  const opened = Array.from({ length: MAX_STREAMS_PER_USER }, () => eventStream({ owner, signal: new AbortController().signal, step: async () => "end", wait: never, allowed }));
  for (const stream of opened) void stream.cancel();
}

describe("eventStream, its client gone mid-stream", () => {
  it("a step still sending after the client cancelled, or after the request was aborted, writes nothing and throws nothing", async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    process.on("unhandledRejection", record);
    try {
      for (const leave of ["cancel", "abort"] as const) {
        const request = new AbortController();
        let resume!: () => void;
        const paused = new Promise<void>((resolve) => (resume = resolve));
        let sentAfter = 0;
        const step: StreamStep = async (send) => {
          send("data: first\n\n");
          await paused; // a database read, while the client goes
          for (let i = 0; i < 3; i++) send("data: late\n\n");
          sentAfter++;
          // A timer of the step's own fires after the stream closed, and sends again.
          setTimeout(() => send("data: from a timer\n\n"), 5);
          return "more";
        };
        const stream = eventStream({ owner: `leaver-${leave}`, signal: request.signal, step, wait: never, allowed });
        const reader = stream.getReader();
        expect(decoder.decode((await reader.read()).value)).toBe("retry: 3000\n\n");
        expect(decoder.decode((await reader.read()).value)).toBe("data: first\n\n");
        if (leave === "cancel") await reader.cancel();
        else request.abort();
        resume();
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(sentAfter).toBe(1);
        if (leave === "abort") expect(await reader.read()).toEqual({ done: true, value: undefined });
        slotsAllFree(`leaver-${leave}`);
      }
    } finally {
      process.off("uncaughtException", record);
      process.off("unhandledRejection", record);
    }
    expect(uncaught).toEqual([]);
  });
});

describe("eventStream, its reader's access", () => {
  it("asks before each step: access gone, the stream closes without running the step again", async () => {
    let access = true;
    let steps = 0;
    let wake!: () => void;
    const stream = eventStream({
      owner: "reader-a",
      signal: new AbortController().signal,
      step: async (send) => {
        send(`data: ${++steps}\n\n`);
        return "more";
      },
      // Woken at once after the first step, as by a change.
      wait: (stop) => new Promise<void>((resolve) => ((wake = resolve), stop.addEventListener("abort", () => resolve(), { once: true }))),
      allowed: async () => access,
    });
    const reading = readAll(stream, 5000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    access = false;
    wake();
    expect(await reading).toEqual({ text: "retry: 3000\n\ndata: 1\n\n", closed: true });
    expect(steps).toBe(1);
    slotsAllFree("reader-a");
  });

  it("asks again while nothing wakes the stream: it closes within the recheck time of losing access, not at the next change", async () => {
    let access = true;
    const stream = eventStream({ owner: "reader-b", signal: new AbortController().signal, step: async () => "more", wait: never, allowed: async () => access });
    const reading = readAll(stream, ACCESS_RECHECK_MS * 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    access = false;
    const lost = Date.now();
    expect((await reading).closed).toBe(true);
    expect(Date.now() - lost).toBeLessThan(ACCESS_RECHECK_MS + 500);
    slotsAllFree("reader-b");
  });

  it("ends when access cannot be told (the database away): the browser comes back and is asked again", async () => {
    const stream = eventStream({
      owner: "reader-c",
      signal: new AbortController().signal,
      step: async () => "more",
      wait: never,
      allowed: async () => {
        throw new Error("connection refused");
      },
    });
    expect(await readAll(stream, 1000)).toEqual({ text: "retry: 3000\n\n", closed: true });
    slotsAllFree("reader-c");
  });
});
