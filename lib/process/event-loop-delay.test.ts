import { takeEventLoopDelayMax, watchEventLoopDelay } from "./event-loop-delay";

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const turns = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the event loop's delay", () => {
  it("is the longest the loop was held since the previous read, then measured afresh", async () => {
    watchEventLoopDelay();
    watchEventLoopDelay(); // once per process
    takeEventLoopDelayMax();
    await turns(50);
    busyFor(150);
    await turns(50);
    expect(takeEventLoopDelayMax()).toBeGreaterThanOrEqual(0.12);
    await turns(100);
    expect(takeEventLoopDelayMax()).toBeLessThan(0.12);
  });
});
