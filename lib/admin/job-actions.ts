import type { AdminJob, AdminJobPage } from "@/lib/api/contract/admin";
import type { Database } from "@/lib/db/client";
import type { JobKind } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import type { JobDefinition } from "@/lib/jobs/definition";
import { findJob, jobCounts, listJobs, type JobFilter, type JobView } from "@/lib/jobs/inspect";
import { JOB_NOT_FOUND, allowedActions, cancelJob, retryJob } from "@/lib/jobs/operator";
import type { JobRow } from "@/lib/jobs/store";
import { recordAudit, type Actor } from "./audit-log";
import type { PageRequest } from "./paging";

type DefinitionOf = (kind: JobKind) => JobDefinition<unknown>;

const withActions = (job: JobView, definitionOf: DefinitionOf): AdminJob => ({ ...job, ...allowedActions(job, definitionOf) });

/** The operators' queue: a page of jobs, newest first, each with the actions it allows, and every kind's count in each state. */
export async function listJobsForOperator(database: Database, filter: JobFilter, page: PageRequest, definitionOf: DefinitionOf): Promise<AdminJobPage> {
  const [found, counts] = await Promise.all([listJobs(database, filter, page), jobCounts(database)]);
  return { ...found, jobs: found.jobs.map((job) => withActions(job, definitionOf)), counts };
}

/** The job as it is after the change (it may already have moved on: a worker took it). */
async function current(database: Database, id: string, definitionOf: DefinitionOf): Promise<AdminJob> {
  const job = await findJob(database, id);
  if (!job) throw new DomainError("not_found", JOB_NOT_FOUND);
  return withActions(job, definitionOf);
}

const before = (job: JobRow) => ({ status: job.status, attempts: job.attempts, last_error: job.lastError });

/** An operator's retry of a failed or canceled job, written in the audit log with it. */
export async function retryJobAsOperator(database: Database, actor: Actor, id: string, definitionOf: DefinitionOf): Promise<AdminJob> {
  await retryJob(database, id, definitionOf, (tx, job) =>
    recordAudit(tx, actor, {
      action: "job.retried",
      targetType: "job",
      targetId: id,
      summary: `Retried the ${job.status} ${job.kind} job`,
      before: before(job),
      after: { status: "queued", attempts: 0 },
    }),
  );
  return current(database, id, definitionOf);
}

/** An operator's cancel of a queued or running job, written in the audit log with it. */
export async function cancelJobAsOperator(database: Database, actor: Actor, id: string, definitionOf: DefinitionOf): Promise<AdminJob> {
  await cancelJob(database, id, definitionOf, (tx, job) =>
    recordAudit(tx, actor, {
      action: "job.canceled",
      targetType: "job",
      targetId: id,
      summary: `Canceled the ${job.status} ${job.kind} job`,
      before: before(job),
      after: { status: "canceled" },
    }),
  );
  return current(database, id, definitionOf);
}
