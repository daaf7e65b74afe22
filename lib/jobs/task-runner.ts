import type { Database } from "@/lib/db/client";
import { jobs, type JobKind } from "@/lib/db/schema";
import { runFormatJob, isTransientFormatFailure } from "@/lib/editor/format-transcript";
import { deliverQueuedMail, isTransientMailFailure } from "@/lib/email/mail-queue";
import { isDomainError } from "@/lib/errors/domain-error";
import { FormattingError } from "@/lib/formatting/errors";
import { llmConfigFromEnv, type LlmConfig } from "@/lib/formatting/llm-client";
import { claimJob, heldBy, renewLease, requeueJob, type ClaimedJob } from "./job-queue";

/** The short jobs a worker runs beside its transcriptions, so one never waits behind a long file. */
const TASK_KINDS = ["mail", "format"] as const satisfies readonly JobKind[];
type TaskKind = (typeof TASK_KINDS)[number];

interface TaskContext {
  /** the language model this worker's environment configures (LLM_BASE_URL …) */
  llm: LlmConfig | null;
}

interface TaskHandler {
  run(database: Database, job: ClaimedJob, context: TaskContext): Promise<void>;
  /** whether a later try may succeed */
  transient(error: unknown): boolean;
  /** what to keep of a failed job: a mail's payload holds links that sign in, so it goes */
  keepPayload: boolean;
}

const HANDLERS: Record<TaskKind, TaskHandler> = {
  mail: { run: (_database, job) => deliverQueuedMail(job.payload), transient: isTransientMailFailure, keepPayload: false },
  format: { run: (database, job, { llm }) => runFormatJob(database, job, llm), transient: isTransientFormatFailure, keepPayload: true },
};

export type TaskOutcome = "done" | "retry" | "failed" | "lost";

/**
 * Claims and runs the next due mail or format job; null when none is waiting. A finished
 * job's row goes (its result lives elsewhere); a failed one keeps the reason users and
 * operators see.
 */
export async function runNextTask(
  database: Database,
  workerId: string,
  leaseMs: number,
  context: TaskContext = { llm: llmConfigFromEnv() },
): Promise<{ job: ClaimedJob; outcome: TaskOutcome } | null> {
  const job = await claimJob(database, workerId, leaseMs, TASK_KINDS);
  if (!job) return null;
  const handler = HANDLERS[job.kind as TaskKind];
  const lease = setInterval(() => void renewLease(database, job, workerId, leaseMs).catch(() => {}), Math.max(250, leaseMs / 3));
  try {
    await handler.run(database, job, context);
    const ended = await database.delete(jobs).where(heldBy(job, workerId)).returning({ id: jobs.id });
    return { job, outcome: ended.length ? "done" : "lost" };
  } catch (error) {
    const reason = isDomainError(error) ? error.message : `The ${job.kind} job failed: ${(error as Error).message}`;
    if (!isDomainError(error)) console.error(`[worker] ${job.kind} job ${job.id} failed:`, error);
    // Customers read a plain sentence; the setup hint for operators goes to the log.
    else if (error instanceof FormattingError && error.operatorHint) console.error(`[worker] ${job.kind} job ${job.id}: ${error.operatorHint}`, error.logDetail ?? "");
    if (handler.transient(error) && job.attempts < job.maxAttempts) {
      return { job, outcome: (await requeueJob(database, job, workerId, reason)) ? "retry" : "lost" };
    }
    const failed = await database
      .update(jobs)
      .set({ status: "failed", lockedBy: null, lockedUntil: null, lastError: reason, ...(handler.keepPayload ? {} : { payload: null }) })
      .where(heldBy(job, workerId))
      .returning({ id: jobs.id });
    return { job, outcome: failed.length ? "failed" : "lost" };
  } finally {
    clearInterval(lease);
  }
}
