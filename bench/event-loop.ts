/**
 * `npm run bench:event-loop`: how long other requests wait while each heavy request runs
 * with its largest allowed input (e2e/support/heavy-requests.ts), on the built app in PGlite
 * mode — the embedded database shares the server's thread, so it is the harder case.
 * `-- --before <dir>` also measures another checkout's build (e.g. the previous commit's)
 * and prints both side by side. `-- --only <text>` measures only the requests whose name holds
 * the text; `-- --profile <dir>` writes the server's CPU profile there (node --cpu-prof) when it stops.
 */
import { textArg } from "./args";
import { startBuiltApp } from "./built-app";
import { arrangeLargeTranscript, HEAVY_REQUESTS, METRICS_TOKEN, othersWait, settled, warmUp, type Wait } from "@/e2e/support/heavy-requests";

const only = textArg("only");
const profileDir = textArg("profile");
const measured = HEAVY_REQUESTS.filter((h) => !only || h.name.includes(only));

async function measure(appDir?: string): Promise<Wait[]> {
  const profiling = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const app = await startBuiltApp(undefined, { METRICS_TOKEN }, arrangeLargeTranscript, appDir, profiling);
  try {
    // First calls load each route's code; measured are the ones after.
    await settled(app);
    const idle = () => othersWait(app, () => new Promise((resolve) => setTimeout(() => resolve(new Response()), 2000)));
    await idle();
    const results: Wait[] = [await idle()];
    for (const heavy of measured) {
      await warmUp(app, heavy);
      const wait = await othersWait(app, () => heavy.send(app));
      console.error(`${appDir ?? "this checkout"}: ${heavy.name}: ${ms(wait)}`);
      results.push(wait);
    }
    return results;
  } finally {
    await app.stop();
  }
}

const ms = (w: Wait | undefined) =>
  w ? `${Math.round(w.othersWaitedMs).toLocaleString("en")} ms, loop ${w.eventLoopDelayMs === null ? "—" : Math.round(w.eventLoopDelayMs)} ms (${w.status}, took ${Math.round(w.tookMs).toLocaleString("en")} ms)` : "—";

async function main() {
  const beforeDir = textArg("before");
  const before = beforeDir ? await measure(beforeDir) : [];
  const after = await measure();
  console.log(
    "How long other requests waited (slowest GET /api/health) and the longest the server's event loop was held (loop) while each request ran; PGlite mode, 2 cores. Target: < 100 ms.",
  );
  console.table(
    ["nothing else (2 s idle)", ...measured.map((h) => h.name)].map((name, i) => ({ request: name, ...(beforeDir ? { before: ms(before[i]) } : {}), now: ms(after[i]) })),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
