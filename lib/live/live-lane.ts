import type { Database } from "@/lib/db/client";
import { env } from "@/lib/env";
import { pause } from "@/lib/process/pause";
import { claimJob } from "@/lib/jobs/job-queue";
import { chooseEngine } from "@/lib/transcription/engines/registry";
import { runLiveJob, type LiveOutcome } from "./live-runner";
import { stopAbandonedRecordings } from "./recording";

/** How often a worker with a free live slot looks for a new recording: its first words wait at most this long. */
const CLAIM_EVERY_MS = 200;
/** How often it stops recordings whose browser went away. */
const SWEEP_EVERY_MS = 5_000;

interface LiveLaneOptions {
  workerId: string;
  leaseMs: number;
  stopping: AbortSignal;
  /** no audio for this long gives a recording's slot back (LIVE_IDLE_RELEASE_MS unless given) */
  idleReleaseMs?: number;
  onLiveEnd?: (transcriptionId: string, outcome: LiveOutcome) => void;
}

/**
 * A worker's live lane: up to LIVE_SESSIONS_PER_WORKER recordings transcribed at once as
 * they are made (a recording paused for a while gives its slot back until it sends audio
 * again), and the sweep that turns abandoned recordings into transcriptions.
 * Resolves when the worker stops and every session has been handed back.
 */
export async function runLiveLane(database: Database, options: LiveLaneOptions): Promise<void> {
  const sessions = new Set<Promise<void>>();
  let sweptAt = 0;
  while (!options.stopping.aborted) {
    try {
      if (Date.now() - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = Date.now();
        await stopAbandonedRecordings(database);
      }
      if (sessions.size < env().LIVE_SESSIONS_PER_WORKER) {
        const { engine } = await chooseEngine();
        const job = engine ? await claimJob(database, options.workerId, options.leaseMs, ["live"]) : null;
        if (engine && job) {
          const session: Promise<void> = runLiveJob(database, job, { ...options, engine })
            .then((outcome) => options.onLiveEnd?.(job.transcriptionId ?? "", outcome))
            .catch((error: unknown) => console.error("[live] a session failed:", error))
            .finally(() => sessions.delete(session));
          sessions.add(session);
          continue;
        }
      }
    } catch (error) {
      console.error("[live] error while taking a recording:", error);
    }
    await pause(CLAIM_EVERY_MS, options.stopping);
  }
  await Promise.all(sessions);
}
