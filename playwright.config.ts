import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH, chromiumArgs } from "./e2e/support/chromium";
import { APP_URL, EMBEDDED_URL, STACK_API } from "./e2e/support/stack-config";

export default defineConfig({
  testDir: "./e2e",
  // Maps `server-only` to its server-side no-op for specs that seed through lib/ (e2e/tsconfig.json).
  tsconfig: "./e2e/tsconfig.json",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: APP_URL,
    browserName: "chromium",
    launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs },
    // A trace records a screenshot stream and DOM snapshots of every action: recording one for
    // every test took about 40 % of the run's CPU (measured on e2e/shell.spec.ts). A failing
    // test is traced on its retry; `--trace on` traces a local run.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  webServer: [
    {
      command: "npx tsx e2e/support/stack.ts",
      // The stack's own API answers once the app is up and its worker has checked in.
      url: `${STACK_API}/stack`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
    {
      command: "npx tsx e2e/support/embedded.ts",
      url: `${EMBEDDED_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
    },
  ],
});
