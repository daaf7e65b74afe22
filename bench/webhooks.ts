/**
 * `npm run bench:webhooks`: issue 38's attack on webhooks — account A's ten endpoints hang or
 * answer after 9 s, six of A's transcriptions end (sixty deliveries), then one of account B's
 * ends with a healthy endpoint. A real worker runs on embedded PGlite; prints how long B's
 * delivery took to arrive.
 *
 *   npm run bench:webhooks -- [--transcriptions 6] [--wait-s 300]
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { runWebhookAttack } from "@/test/support/webhook-attack";
import { arg, secs } from "./args";

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-webhooks-"));
  Object.assign(process.env, { DATA_DIR: dir, WEBHOOKS_ALLOW_LOOPBACK: "true", TRANSCRIBE_ENGINE: "sphinx", LOG_LEVEL: "warn" });
  const handle = openDatabase({ dataDir: "memory://" });
  try {
    await migrateAndSeed(handle);
    const waitS = arg("wait-s", 300);
    const { delayMs } = await runWebhookAttack(handle.db, { waitMs: waitS * 1000, transcriptions: arg("transcriptions", 6) });
    console.log(delayMs === null ? `B's delivery had not arrived after ${waitS} s.` : `B's delivery arrived ${secs(delayMs)} after it was queued (target: 5 s or less).`);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
