import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

/**
 * `npm run worker` as its own process with a data directory of its own (as on its own host),
 * in its own process group so `process.kill(-pid)` also ends the engines it started;
 * BENCH_VERBOSE shows its output.
 */
export function startWorkerProcess(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/worker.ts"], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-worker-")) },
    stdio: process.env.BENCH_VERBOSE ? "inherit" : "ignore",
    detached: true,
  });
}
