/**
 * The event-loop guard: no request may hold up the others. Each heavy request goes, with its
 * largest allowed input, to the built app in PGlite mode (its database shares the server's
 * thread) while a cheap request is sent again and again; the server's event loop must never
 * be held 100 ms (perf_hooks' monitorEventLoopDelay, read through /api/metrics). The cheap
 * requests' slowest answers are printed beside it: on a 2-core runner they also hold the
 * time the runner itself and the request's worker thread take from the server's core.
 * `npm run bench:event-loop` prints the same figures.
 */
import { expect, test } from "@playwright/test";
import { startBuiltApp, type RunningApp } from "../bench/built-app";
import { arrangeLargeTranscript, HEAVY_REQUESTS, METRICS_TOKEN, othersWait, settled, warmUp } from "./support/heavy-requests";

const LIMIT_MS = 100;

let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  app = await startBuiltApp(undefined, { METRICS_TOKEN }, arrangeLargeTranscript);
  await settled(app);
});

test.afterAll(async () => {
  await app?.stop();
});

for (const heavy of HEAVY_REQUESTS.filter((h) => !h.notGuarded)) {
  test(`others wait under ${LIMIT_MS} ms during ${heavy.name}`, async () => {
    // The largest inputs take their worker thread seconds here, more on a busy runner.
    test.setTimeout(240_000);
    await warmUp(app, heavy);
    const wait = await othersWait(app, () => heavy.send(app));
    console.info(
      `${heavy.name}: event loop held ${Math.round(wait.eventLoopDelayMs ?? NaN)} ms at most; others waited ${Math.round(wait.othersWaitedMs)} ms at most (${wait.probes} requests; it took ${Math.round(wait.tookMs)} ms)`,
    );
    expect(wait.status, heavy.name).toBe(heavy.status);
    expect(wait.eventLoopDelayMs, "the server's event-loop delay, from /api/metrics").not.toBeNull();
    expect(wait.eventLoopDelayMs!, `${heavy.name}: the longest the server's event loop was held`).toBeLessThan(LIMIT_MS);
  });
}
