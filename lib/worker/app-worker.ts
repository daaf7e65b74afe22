import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { provisionWhisperModel } from "@/lib/transcription/model-provisioning";
import { startWorker, type Worker } from "./worker";

const globalForWorker = globalThis as unknown as { verbatimWorker?: Worker };

/** The in-process worker of `npm start` / `npm run dev`; one per process, even across hot reloads. */
export function startAppWorker(): void {
  if (!env().WORKER_IN_APP || globalForWorker.verbatimWorker) return;
  globalForWorker.verbatimWorker = startWorker(db());
  const stop = () => void globalForWorker.verbatimWorker?.stop();
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  log().info({ worker: globalForWorker.verbatimWorker.id }, "worker started in the app process");
  // The worker's process is where the engines run, so it fetches the model they need.
  void provisionWhisperModel();
}
