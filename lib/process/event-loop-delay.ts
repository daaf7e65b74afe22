import { monitorEventLoopDelay } from "node:perf_hooks";

type DelayHistogram = ReturnType<typeof monitorEventLoopDelay>;

// On globalThis: each bundle (instrumentation, routes) has its own copy of this module.
const globalForDelay = globalThis as unknown as { verbatimEventLoopDelay?: DelayHistogram };

/** Starts measuring how late this process's event loop runs what is due (once per process). */
export function watchEventLoopDelay(): void {
  if (globalForDelay.verbatimEventLoopDelay) return;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  globalForDelay.verbatimEventLoopDelay = histogram;
}

/**
 * The longest the event loop was held, in seconds, since the previous call (then measured
 * afresh), or null when it is not being watched: what a request that blocks the server
 * makes every other request wait at least.
 */
export function takeEventLoopDelayMax(): number | null {
  const histogram = globalForDelay.verbatimEventLoopDelay;
  if (!histogram) return null;
  const max = histogram.count ? histogram.max / 1e9 : 0;
  histogram.reset();
  return max;
}
