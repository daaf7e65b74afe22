import { FREE_FAILURES, delayAfter } from "./sign-in-throttle";

describe("delayAfter", () => {
  it("lets the first failures through at once, then doubles the wait up to a minute", () => {
    expect(delayAfter(0)).toBe(0);
    expect(delayAfter(FREE_FAILURES - 1)).toBe(0);
    expect([10, 11, 12, 13, 14, 15, 16].map(delayAfter)).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect(delayAfter(1000)).toBe(60);
  });
});
