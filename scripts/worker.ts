/**
 * `npm run worker`: a standalone transcription worker. Needs DATABASE_URL (PostgreSQL):
 * any number of these and of app processes share the queue. Logs are the one logger's
 * (JSON lines in production), each job's lines carrying its jobId and kind.
 */
import { databaseHandle } from "@/lib/db/client";
import { assertStartable } from "@/lib/env";
import { prepareDatabase } from "@/lib/db-setup/prepare";
import { log } from "@/lib/log/logger";
import { provisionWhisperModel } from "@/lib/transcription/model-provisioning";
import { provisionSpeakerModels } from "@/lib/speakers/speaker-models";
import { startWorker } from "@/lib/worker/worker";

async function main() {
  if (!assertStartable().DATABASE_URL) {
    log().fatal("npm run worker needs DATABASE_URL: with embedded PGlite the app process runs the worker itself.");
    process.exit(2);
  }
  await prepareDatabase();
  const worker = startWorker(databaseHandle().db, {
    onPieceEnd: (transcriptionId, index, outcome) => log().info({ worker: worker.id, transcriptionId, piece: index, outcome }, "piece ended"),
  });
  log().info({ worker: worker.id }, "worker started");
  void provisionWhisperModel();
  void provisionSpeakerModels();
  const shutdown = async () => {
    log().info({ worker: worker.id }, "worker stopping: finishing the file it is on, handing back the rest");
    await worker.stop();
    log().info({ worker: worker.id }, "worker stopped");
    await databaseHandle().close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown());
  process.once("SIGINT", () => void shutdown());
}

void main();
