import { hostname } from "node:os";
import type { Database } from "@/lib/db/client";
import { settleDueDemoSubscriptions } from "@/lib/billing/demo/demo-clock";
import { bucketMultipart } from "@/lib/storage/bucket-multipart";
import { sweepExpiredDirectUploads } from "@/lib/uploads/direct-uploads";
import { chooseEngine } from "./engines/registry";
import { helpWithPieces } from "./piece-runner";
import { processJob } from "./process-job";
import { claimNext } from "./queue";
import { HEARTBEAT_MS, heartbeat, signOff } from "./worker-registry";
import { env } from "@/lib/env";
import { pause } from "@/lib/process/pause";
import { runNextTask, type TaskOutcome } from "@/lib/jobs/task-runner";
import { runLiveLane } from "@/lib/live/live-lane";
import type { LiveOutcome } from "@/lib/live/live-runner";

export interface Worker {
  id: string;
  /** stops taking jobs; resolves when the current one has ended */
  stop(): Promise<void>;
}

/** How often a worker runs the demo billing clock (ended demo periods written down) and removes abandoned direct uploads. */
const BILLING_CLOCK_MS = 60_000;

export interface StartWorkerOptions {
  pollMs?: number;
  leaseMs?: number;
  onJobEnd?: (jobId: string, outcome: string) => void;
  onPieceEnd?: (transcriptionId: string, index: number, outcome: string) => void;
  onTaskEnd?: (kind: string, jobId: string, outcome: TaskOutcome) => void;
  onLiveEnd?: (transcriptionId: string, outcome: LiveOutcome) => void;
  /** a recording that sends no audio for this long gives its live slot back (default 30 s) */
  liveIdleReleaseMs?: number;
}

/**
 * One worker handles one transcription at a time (its pieces on as many lanes as the machine
 * holds); with no file to take, it helps with the free pieces of other workers' long files.
 * Beside that, a second lane sends mail and runs language-model formatting, so neither waits
 * behind a long file, and a third transcribes recordings live while they are made. The engines run in child processes or native threads, so the event
 * loop stays free.
 */
export function startWorker(database: Database, options: StartWorkerOptions = {}): Worker {
  const id = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? env().WORKER_LEASE_MS;
  let running = true;
  const stopSignal = new AbortController();
  let billingClockAt = 0;
  let current: string | null = null;
  let lastBeat: Promise<unknown> = Promise.resolve();
  const beat = () => {
    lastBeat = heartbeat(database, id, current).catch((error) => console.error("[worker] heartbeat failed:", error));
    return lastBeat;
  };
  void beat();
  const beating = setInterval(() => void beat(), HEARTBEAT_MS);

  const loop = (async () => {
    while (running) {
      if (Date.now() - billingClockAt >= BILLING_CLOCK_MS) {
        billingClockAt = Date.now();
        await settleDueDemoSubscriptions(database).catch((error) => console.error("[worker] the demo billing clock failed:", error));
        const bucket = bucketMultipart();
        if (bucket) await sweepExpiredDirectUploads(database, bucket).catch((error) => console.error("[worker] the sweep of abandoned direct uploads failed:", error));
      }
      try {
        const job = await claimNext(database, id, leaseMs);
        if (job) {
          current = job.id;
          void beat();
          const outcome = await processJob(database, job, { workerId: id, leaseMs }).finally(() => {
            current = null;
          });
          options.onJobEnd?.(job.id, outcome);
          continue;
        }
        // No job of its own: pieces of other workers' long files, if any are free.
        const { engine } = await chooseEngine();
        if (engine) {
          const ran = await helpWithPieces({
            database,
            engine,
            workerId: id,
            leaseMs,
            keepGoing: () => running,
            onPiece: (piece, outcome) => options.onPieceEnd?.(piece.transcriptionId, piece.index, outcome),
          });
          if (ran > 0) continue;
        }
      } catch (error) {
        console.error("[worker] error while taking a job:", error);
      }
      await pause(pollMs, stopSignal.signal);
    }
  })();

  const tasks = (async () => {
    while (running) {
      try {
        const ran = await runNextTask(database, id, leaseMs);
        if (ran) {
          options.onTaskEnd?.(ran.job.kind, ran.job.id, ran.outcome);
          continue;
        }
      } catch (error) {
        console.error("[worker] error while taking a mail or format job:", error);
      }
      await pause(pollMs, stopSignal.signal);
    }
  })();

  const live = runLiveLane(database, {
    workerId: id,
    leaseMs,
    stopping: stopSignal.signal,
    idleReleaseMs: options.liveIdleReleaseMs,
    onLiveEnd: options.onLiveEnd,
  });

  return {
    id,
    async stop() {
      running = false;
      stopSignal.abort();
      await Promise.all([loop, tasks, live]);
      clearInterval(beating);
      await lastBeat;
      await signOff(database, id).catch(() => {});
    },
  };
}
