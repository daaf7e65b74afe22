import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// Test output shows only log lines worth a look (warnings, errors); `LOG_LEVEL=debug npx jest …`
// shows them all. Set in the runner's process: its test workers inherit it.
process.env.LOG_LEVEL ??= "warn";

export default createJestConfig({
  testEnvironment: "node",
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  testPathIgnorePatterns: ["/node_modules/", "/e2e/", "/.next/"],
  testTimeout: 60_000,
  globalSetup: "<rootDir>/test/support/global-setup.mjs",
  globalTeardown: "<rootDir>/test/support/global-teardown.mjs",
});
