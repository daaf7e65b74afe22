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
// The runner is a virtual machine whose host now and then takes a core away for 50-150 ms
// (steal time, seen here while the server was idle and no query or collection ran): a figure
// over the limit is measured again, and a request fails the guard only when it holds the loop
// in every attempt, as real work on the server's thread does.
const ATTEMPTS = 3;

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
    const held: number[] = [];
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const wait = await othersWait(app, () => heavy.send(app));
      console.info(
        `${heavy.name} (attempt ${attempt}): event loop held ${Math.round(wait.eventLoopDelayMs ?? NaN)} ms at most; others waited ${Math.round(wait.othersWaitedMs)} ms at most (${wait.probes} requests; it took ${Math.round(wait.tookMs)} ms)`,
      );
      expect(wait.status, heavy.name).toBe(heavy.status);
      expect(wait.eventLoopDelayMs, "the server's event-loop delay, from /api/metrics").not.toBeNull();
      held.push(wait.eventLoopDelayMs!);
      if (wait.eventLoopDelayMs! < LIMIT_MS) break;
    }
    expect(Math.min(...held), `${heavy.name}: the longest the server's event loop was held, in each of ${held.length} attempts (${held.map(Math.round).join(", ")} ms)`).toBeLessThan(LIMIT_MS);
  });
}
