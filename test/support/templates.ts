import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * Made once per test run, shared by every suite: the first suite that asks makes it (the
 * others wait), in the run's directory that jest's global setup (test/support/global-setup.mjs)
 * names in VERBATIM_TEST_TEMPLATES. Null outside jest (benchmarks) or when making it failed:
 * the caller then builds its own, as before.
 */
export async function testTemplate(name: string, make: (into: string) => Promise<void>): Promise<string | null> {
  const dir = process.env.VERBATIM_TEST_TEMPLATES;
  if (!dir || !existsSync(dir)) return null;
  const made = path.join(dir, name);
  const failed = `${made}.failed`;
  try {
    mkdirSync(`${made}.lock`);
  } catch {
    // Another suite is making it: wait (a minute at most) and use what it made.
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      if (existsSync(made)) return made;
      if (existsSync(failed)) return null;
    }
    return null;
  }
  const into = `${made}.partial`;
  try {
    await make(into);
    renameSync(into, made);
    return made;
  } catch {
    rmSync(into, { recursive: true, force: true });
    mkdirSync(failed);
    return null;
  }
}
