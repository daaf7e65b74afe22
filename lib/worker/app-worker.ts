import { databaseHandle, db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { pause } from "@/lib/process/pause";
import { provisionSpeakerModels } from "@/lib/speakers/speaker-models";
import { provisionWhisperModel } from "@/lib/transcription/model-provisioning";
import { startWorker, type Worker } from "./worker";

/** How long a stopping app waits for its worker to hand back its jobs. */
const STOP_GRACE_MS = 10_000;

const globalForWorker = globalThis as unknown as { verbatimWorker?: Worker };

/** The in-process worker of `npm start` / `npm run dev`; one per process, even across hot reloads. */
export function startAppWorker(): void {
  if (!env().WORKER_IN_APP || globalForWorker.verbatimWorker) return;
  const worker = startWorker(db());
  globalForWorker.verbatimWorker = worker;
  // `npm start` sets NEXT_MANUAL_SIG_HANDLE, so Next.js leaves the signals to this handler:
  // the worker hands its jobs back before the process ends (a job left running would wait for
  // its lease to lapse and lose an attempt). A mail or a model's answer under way gets a few
  // seconds to finish.
  const stop = (signal: NodeJS.Signals) => {
    log().info({ signal }, "stopping: the worker hands its jobs back");
    // The embedded database is closed last, so PGlite writes its pages out before the exit.
    const stopped = worker.stop().then(() => databaseHandle().close());
    void Promise.race([stopped, pause(STOP_GRACE_MS, new AbortController().signal)]).finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  log().info({ worker: worker.id }, "worker started in the app process");
  // The worker's process is where the engines run, so it fetches the models they need.
  void provisionWhisperModel();
  void provisionSpeakerModels();
}
