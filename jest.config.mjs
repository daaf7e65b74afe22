import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// Test output shows only log lines worth a look (warnings, errors); `LOG_LEVEL=debug npx jest …`
// shows them all. Set in the runner's process: its test workers inherit it.
process.env.LOG_LEVEL ??= "warn";

const IGNORED = ["/node_modules/", "/e2e/", "/.next/"];

/** Every test file under the app's folders, relative to the root. */
function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["node_modules", ".next", "e2e", ".git"].includes(entry.name) ? [] : testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * `npm run test:unit` runs the suites in two groups (TEST_GROUP): "shared", two suites at a
 * time, then "alone", one at a time. A suite goes alone when its file says `@run-alone` in its
 * opening comment: it keeps both cores busy by itself (real engines on minutes of audio, worker
 * processes), so a neighbour would only slow it past its timeouts. Unset, jest runs them all.
 */
function groupPatterns(group) {
  if (group !== "shared" && group !== "alone") return {};
  const alone = testFiles(".")
    .filter((file) => /^\/\*\*(?:(?!\*\/)[\s\S])*@run-alone/.test(readFileSync(file, "utf8")))
    .map((file) => file.split(path.sep).join("/"));
  if (group === "alone") return { testMatch: alone.map((file) => `<rootDir>/${file}`) };
  const escaped = alone.map((file) => `<rootDir>/${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  return { testPathIgnorePatterns: [...IGNORED, ...escaped] };
}

const config = createJestConfig({
  testEnvironment: "node",
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  testPathIgnorePatterns: IGNORED,
  testTimeout: 60_000,
  globalSetup: "<rootDir>/test/support/global-setup.mjs",
  globalTeardown: "<rootDir>/test/support/global-teardown.mjs",
  ...groupPatterns(process.env.TEST_GROUP),
});

// tus's server and stores ship only as ES modules: compiled like our own code (as next/jest
// does for next.config's transpilePackages), so the upload handler is tested here too.
const ESM_ONLY = ["@tus/server", "@tus/utils", "@tus/file-store", "srvx"];

export default async function jestConfig() {
  const resolved = await config();
  const [packages, ...others] = resolved.transformIgnorePatterns;
  if (!packages.startsWith("/node_modules/(?!.pnpm)(?!(")) throw new Error(`next/jest's first transformIgnorePattern changed: ${packages}`);
  return { ...resolved, transformIgnorePatterns: [packages.replace("(?!(", `(?!(${ESM_ONLY.join("|")}|`), ...others] };
}
