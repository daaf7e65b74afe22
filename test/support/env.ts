import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Runs a test file with its own DATA_DIR and extra env vars, restored afterwards. */
export function useTestEnv(vars: Record<string, string> = {}) {
  const saved = { ...process.env };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "verbatim-test-"));
  beforeAll(() => {
    Object.assign(process.env, { DATA_DIR: dataDir, ...vars });
  });
  afterAll(() => {
    process.env = saved;
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir };
}
