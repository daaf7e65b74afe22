/**
 * `npm run worker`: a standalone transcription worker. Needs DATABASE_URL (PostgreSQL):
 * any number of these and of app processes share the queue.
 */
import { databaseHandle } from "@/lib/db/client";
import { assertStartable } from "@/lib/env";
import { prepareDatabase } from "@/lib/db/prepare";
import { provisionWhisperModel } from "@/lib/transcription/model-provisioning";
import { startWorker } from "@/lib/transcription/worker";

async function main() {
  if (!assertStartable().DATABASE_URL) {
    console.error("npm run worker needs DATABASE_URL: with embedded PGlite the app process runs the worker itself.");
    process.exit(2);
  }
  await prepareDatabase();
  const worker = startWorker(databaseHandle().db, {
    onJobEnd: (jobId, outcome) => console.info(`[worker] job ${jobId}: ${outcome}`),
  });
  console.info(`[worker] ${worker.id} waiting for jobs`);
  void provisionWhisperModel();
  const shutdown = async () => {
    await worker.stop();
    await databaseHandle().close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown());
  process.once("SIGINT", () => void shutdown());
}

void main();
