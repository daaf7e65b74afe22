import type { Database } from "@/lib/db/client";
import type { JobOutcome } from "@/lib/jobs/definition";
import { runJob } from "@/lib/jobs/run-job";
import { claim, type HeldJob } from "@/lib/jobs/store";
import { PermanentEngineError, TransientEngineError } from "@/lib/transcription/engines/types";
import { definitionOf } from "@/lib/worker/job-registry";

/** The next due transcription job, taken by `workerId` (a worker's files lane, one step). */
export const claimTranscription = (db: Database, workerId: string, leaseMs = 30_000) => claim(db, workerId, ["transcribe"], leaseMs);

/** Runs a held job with its kind's definition, as a worker's lane would. */
export const runHeld = (db: Database, job: HeldJob, leaseMs = 30_000): Promise<JobOutcome> =>
  runJob(db, job, definitionOf(job.kind), { leaseMs, stopping: new AbortController().signal });

/** Runs a held transcription whose engine fails with `reason`: transient (retried while attempts remain) or not. */
export const failHeld = (db: Database, job: HeldJob, reason: string, transient: boolean): Promise<JobOutcome> =>
  runJob(
    db,
    job,
    {
      ...definitionOf(job.kind),
      run: async () => {
        throw transient ? new TransientEngineError(reason) : new PermanentEngineError(reason);
      },
    },
    { leaseMs: 30_000, stopping: new AbortController().signal },
  );
