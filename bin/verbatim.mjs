#!/usr/bin/env node
// The `verbatim` command (npx verbatim …): runs sdk/cli.ts from its TypeScript source through
// tsx, which `npm install` brings, so a fresh clone needs no build step. The repository's
// tsconfig resolves its `@/` imports from wherever the command is run. The sources are
// CommonJS to Node (the package is not "type": "module"), so they load through tsx's require hook.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

// Read when tsx loads: the repository's tsconfig, whatever the working directory.
process.env.TSX_TSCONFIG_PATH = fileURLToPath(new URL("../tsconfig.json", import.meta.url));
const { register } = await import("tsx/cjs/api");
register();
const { runCli } = createRequire(import.meta.url)("../sdk/cli.ts");
// A reader that stops early (`| head`) closes the pipe: that ends the command, quietly.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
process.exitCode = await runCli(process.argv.slice(2), {
  out: (chunk) => process.stdout.write(chunk),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  interactive: process.stderr.isTTY,
  terminal: process.stdout.isTTY,
});
