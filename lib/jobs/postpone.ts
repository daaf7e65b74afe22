import { and, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import type { HeldJob } from "./store";

/**
 * Back to the queue after `delayMs`, this run not counted as an attempt: the job could not
 * start yet (what it needs is busy or resting), which is neither the job failing nor the
 * worker stopping. False when the job is no longer this holder's.
 *
 * Beside store.ts rather than in it only while issue 38's fair claim changes that file; it
 * names its holder exactly as store.ts's ends do (holder, attempt, running).
 */
export async function postpone(tx: Tx | Database, job: HeldJob, delayMs: number): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({
      status: "queued",
      lockedBy: null,
      lockedUntil: null,
      attempts: sql`greatest(0, ${jobs.attempts} - 1)`,
      runAfter: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.workerId), eq(jobs.attempts, job.attempts), eq(jobs.status, "running")))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
