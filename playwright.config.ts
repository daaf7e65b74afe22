import { defineConfig } from "@playwright/test";
import { APP_URL, EMBEDDED_URL, STACK_API } from "./e2e/support/stack-config";

// Debian's Chromium; nothing is downloaded. The flags keep it off the network entirely.
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
  // Recording tests: a fake microphone (a tone) and permission prompts answered "allow".
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  "--autoplay-policy=no-user-gesture-required",
];

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: APP_URL,
    browserName: "chromium",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    trace: "retain-on-failure",
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
