/**
 * `npm run worker`: a standalone transcription worker. Needs DATABASE_URL (PostgreSQL):
 * any number of these and of app processes share the queue.
 */
import { databaseHandle } from "@/lib/db/client";
import { assertStartable } from "@/lib/env";
import { prepareDatabase } from "@/lib/db/prepare";
import { provisionWhisperModel } from "@/lib/transcription/model-provisioning";
import { startWorker } from "@/lib/transcription/worker";

/** One JSON object per line, for log collectors: time, event and its fields. */
function log(event: string, fields: Record<string, unknown> = {}): void {
  console.info(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));
}

async function main() {
  if (!assertStartable().DATABASE_URL) {
    console.error("npm run worker needs DATABASE_URL: with embedded PGlite the app process runs the worker itself.");
    process.exit(2);
  }
  await prepareDatabase();
  const worker = startWorker(databaseHandle().db, {
    onJobEnd: (jobId, outcome) => log("job_end", { worker: worker.id, job: jobId, outcome }),
    onPieceEnd: (transcriptionId, index, outcome) => log("piece_end", { worker: worker.id, transcription: transcriptionId, piece: index, outcome }),
    onTaskEnd: (kind, jobId, outcome) => log("task_end", { worker: worker.id, kind, job: jobId, outcome }),
    onLiveEnd: (transcriptionId, outcome) => log("live_end", { worker: worker.id, transcription: transcriptionId, outcome }),
  });
  log("worker_start", { worker: worker.id });
  void provisionWhisperModel();
  const shutdown = async () => {
    log("worker_stopping", { worker: worker.id, note: "finishing the current job" });
    await worker.stop();
    log("worker_stop", { worker: worker.id });
    await databaseHandle().close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown());
  process.once("SIGINT", () => void shutdown());
}

void main();
