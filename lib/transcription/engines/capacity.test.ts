import os from "node:os";
import { useTestEnv } from "@/test/support/env";
import { liveSessionsAtOnce } from "./capacity";

describe("live recordings a worker takes at once", () => {
  useTestEnv({});
  const cores = Math.max(1, os.availableParallelism());

  it("fits the engine's measured cost per recording in 70 % of the cores", () => {
    expect(liveSessionsAtOnce({ liveCores: () => 0.42 })).toBe(Math.max(1, Math.floor((cores * 0.7) / 0.42)));
    // A heavy engine still takes one.
    expect(liveSessionsAtOnce({ liveCores: () => 64 })).toBe(1);
    // A remote API is bounded by the machine, not by its cost.
    expect(liveSessionsAtOnce({ liveCores: () => 0.001 })).toBe(cores * 8);
  });

  it("LIVE_SESSIONS_PER_WORKER decides when set", () => {
    process.env.LIVE_SESSIONS_PER_WORKER = "3";
    expect(liveSessionsAtOnce({ liveCores: () => 0.45 })).toBe(3);
  });
});
