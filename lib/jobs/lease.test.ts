import { getEventListeners } from "node:events";
import { withLease } from "./lease";

/** A promise and the function that settles it. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

const aborted = (signal: AbortSignal) => new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));

describe("withLease", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("renews every third of the lease while the work runs, and not after", async () => {
    const renew = jest.fn(async () => true);
    const done = gate<string>();
    const running = withLease({ renew, leaseMs: 3000 }, () => done.promise);
    await jest.advanceTimersByTimeAsync(999);
    expect(renew).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(2000);
    expect(renew).toHaveBeenCalledTimes(3);
    done.open("result");
    expect(await running).toBe("result");
    await jest.advanceTimersByTimeAsync(10_000);
    expect(renew).toHaveBeenCalledTimes(3);
  });

  it("renews at most every 250 ms however short the lease", async () => {
    const renew = jest.fn(async () => true);
    const done = gate();
    const running = withLease({ renew, leaseMs: 90 }, () => done.promise);
    await jest.advanceTimersByTimeAsync(1000);
    expect(renew).toHaveBeenCalledTimes(4);
    done.open();
    await running;
  });

  it("aborts `lost` and the work's signal when a renewal answers false", async () => {
    const renew = jest.fn().mockResolvedValueOnce(true).mockResolvedValue(false);
    const outer = new AbortController();
    const seen = { signal: false, lost: false };
    const running = withLease({ renew, leaseMs: 3000, outer: outer.signal }, async (signal, lost) => {
      await aborted(lost);
      seen.signal = signal.aborted;
      seen.lost = lost.aborted;
      return "stopped";
    });
    await jest.advanceTimersByTimeAsync(1000);
    expect(renew).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(await running).toBe("stopped");
    expect(seen).toEqual({ signal: true, lost: true });
    expect(outer.signal.aborted).toBe(false);
  });

  it("lets a renewal that throws be (the lease runs out as if the worker died)", async () => {
    const renew = jest.fn(async () => {
      throw new Error("connection refused");
    });
    const done = gate();
    let signal!: AbortSignal;
    let lost!: AbortSignal;
    const running = withLease({ renew, leaseMs: 300 }, (s, l) => {
      signal = s;
      lost = l;
      return done.promise;
    });
    await jest.advanceTimersByTimeAsync(2000);
    expect(renew.mock.calls.length).toBeGreaterThanOrEqual(7);
    expect(signal.aborted).toBe(false);
    expect(lost.aborted).toBe(false);
    done.open();
    await running;
  });

  it("aborts the work's signal, not `lost`, when the outer signal aborts", async () => {
    const outer = new AbortController();
    let lost!: AbortSignal;
    const running = withLease({ renew: async () => true, leaseMs: 3000, outer: outer.signal }, async (signal, l) => {
      lost = l;
      await aborted(signal);
      return signal.aborted;
    });
    await jest.advanceTimersByTimeAsync(10);
    outer.abort();
    expect(await running).toBe(true);
    expect(lost.aborted).toBe(false);
  });

  it("hands an already aborted signal to work whose outer signal aborted before it began", async () => {
    const outer = new AbortController();
    outer.abort();
    const state = await withLease({ renew: async () => true, leaseMs: 3000, outer: outer.signal }, async (signal, lost) => [signal.aborted, lost.aborted]);
    expect(state).toEqual([true, false]);
    expect(getEventListeners(outer.signal, "abort")).toHaveLength(0);
  });

  it("leaves no listener on the outer signal, however often it is used and however the work ends", async () => {
    const outer = new AbortController();
    for (let i = 0; i < 50; i++) {
      await withLease({ renew: async () => true, leaseMs: 3000, outer: outer.signal }, async () => i);
      await expect(
        withLease({ renew: async () => true, leaseMs: 3000, outer: outer.signal }, async () => {
          throw new Error("the work failed");
        }),
      ).rejects.toThrow("the work failed");
    }
    expect(getEventListeners(outer.signal, "abort")).toHaveLength(0);
    // And a renewal timer is left running by none of them.
    expect(jest.getTimerCount()).toBe(0);
  });

  it("passes the work's error through and stops renewing", async () => {
    const renew = jest.fn(async () => true);
    const running = withLease({ renew, leaseMs: 3000 }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      throw new Error("boom");
    });
    const settled = expect(running).rejects.toThrow("boom");
    await jest.advanceTimersByTimeAsync(1500);
    await settled;
    expect(renew).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(5000);
    expect(renew).toHaveBeenCalledTimes(1);
  });
});
