import { throttled } from "./throttled";

describe("throttled", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("writes the first value at once and only the newest of those that come sooner, after the interval", () => {
    const written: string[] = [];
    const t = throttled(200, (v: string) => written.push(v));
    t.push("ask");
    t.push("ask not");
    t.push("ask not what");
    expect(written).toEqual(["ask"]);
    jest.advanceTimersByTime(199);
    expect(written).toEqual(["ask"]);
    jest.advanceTimersByTime(1);
    expect(written).toEqual(["ask", "ask not what"]);
    jest.advanceTimersByTime(500);
    t.push("ask not what your");
    expect(written).toEqual(["ask", "ask not what", "ask not what your"]);
  });

  it("a canceled value is never written", () => {
    const written: string[] = [];
    const t = throttled(200, (v: string) => written.push(v));
    t.push("a");
    t.push("b");
    t.cancel();
    jest.advanceTimersByTime(1000);
    expect(written).toEqual(["a"]);
  });
});
