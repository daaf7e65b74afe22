import { chmodSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One directory per test run for what suites share (test/support/templates.ts): an initdb'd
 * PostgreSQL cluster copied by each suite instead of running initdb again, a migrated PGlite
 * loaded instead of created. Workers inherit the variable; global-teardown.mjs removes it.
 */
export default function globalSetup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-test-templates-"));
  chmodSync(dir, 0o755); // initdb runs as the postgres user when the tests run as root
  process.env.VERBATIM_TEST_TEMPLATES = dir;
}
