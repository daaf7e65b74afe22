import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { inNextServer } from "@/lib/env/runtime";

/**
 * A worker thread running thread-entry.ts. In the built app Turbopack bundles the entry
 * from the `new Worker(new URL(…))` expression below; run from source (Jest, tsx scripts)
 * the entry is TypeScript, which the thread compiles with tsx as it loads it.
 */
export function spawnThread(): Worker {
  if (inNextServer()) return new Worker(new URL("./thread-entry.ts", import.meta.url));
  const entry = fileURLToPath(new URL("./thread-entry.ts", import.meta.url));
  return new Worker(`require("tsx/cjs/api").register(); require(${JSON.stringify(entry)});`, { eval: true });
}
