import type { Database } from "@/lib/db/client";
import type { JobKind } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { JobOutcome } from "@/lib/jobs/definition";
import { runJob } from "@/lib/jobs/run-job";
import { claim, type HeldJob } from "@/lib/jobs/store";
import { definitionOf } from "./job-registry";

/** Takes the next due job of these kinds and runs it to its end, as a worker's lane would (scripts, benches, tests); null when none is due. */
export async function runNextJob(
  database: Database,
  workerId: string,
  kinds: readonly JobKind[],
  options: { leaseMs?: number; stopping?: AbortSignal } = {},
): Promise<{ job: HeldJob; outcome: JobOutcome } | null> {
  const leaseMs = options.leaseMs ?? env().WORKER_LEASE_MS;
  const job = await claim(database, workerId, kinds, leaseMs);
  if (!job) return null;
  const outcome = await runJob(database, job, definitionOf(job.kind), { leaseMs, stopping: options.stopping ?? new AbortController().signal });
  return { job, outcome };
}
