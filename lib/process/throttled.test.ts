import { throttled } from "./throttled";

/** Lets the writes' promises settle (fake timers leave them alone). */
const settle = () => new Promise<void>((resolve) => jest.requireActual<typeof import("node:timers")>("node:timers").setImmediate(resolve));

describe("throttled", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("writes the first value at once and only the newest of those that come sooner, after the interval", async () => {
    const written: string[] = [];
    const t = throttled(200, (v: string) => written.push(v));
    t.push("ask");
    t.push("ask not");
    t.push("ask not what");
    expect(written).toEqual(["ask"]);
    await settle();
    jest.advanceTimersByTime(199);
    expect(written).toEqual(["ask"]);
    jest.advanceTimersByTime(1);
    expect(written).toEqual(["ask", "ask not what"]);
    await settle();
    jest.advanceTimersByTime(500);
    t.push("ask not what your");
    expect(written).toEqual(["ask", "ask not what", "ask not what your"]);
  });

  it("never writes while the previous write runs: the newest value waits for it", async () => {
    const written: string[] = [];
    let finish = () => {};
    const t = throttled(200, (v: string) => {
      written.push(v);
      return new Promise<void>((resolve) => (finish = resolve));
    });
    t.push("a");
    t.push("b");
    t.push("c");
    jest.advanceTimersByTime(1000);
    expect(written).toEqual(["a"]);
    finish();
    await settle();
    expect(written).toEqual(["a", "c"]);
  });

  it("a canceled value is never written", async () => {
    const written: string[] = [];
    const t = throttled(200, (v: string) => written.push(v));
    t.push("a");
    t.push("b");
    t.cancel();
    await settle();
    jest.advanceTimersByTime(1000);
    expect(written).toEqual(["a"]);
  });
});
