import { rmSync } from "node:fs";

export default function globalTeardown() {
  const dir = process.env.VERBATIM_TEST_TEMPLATES;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
