import { and, count, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "@/lib/db/client";
import { JOB_KINDS, JOB_STATUSES, jobs, transcriptions, users, type JobKind } from "@/lib/db/schema";

export type JobStatus = (typeof JOB_STATUSES)[number];

/** What operators filter by: a status, or "stuck" (running, but its holder stopped renewing the lease). */
export const JOB_STATES = [...JOB_STATUSES, "stuck"] as const;
type JobState = (typeof JOB_STATES)[number];

export interface JobFilter {
  kind?: JobKind;
  state?: JobState;
}

/** One job as the operators' queue lists it (the API's field names). */
export interface JobView {
  id: string;
  kind: JobKind;
  status: JobStatus;
  /** running, but its lease ran out: its worker died, and the next worker that looks takes it */
  stuck: boolean;
  /** whose work it is: the job's user, else its file's owner */
  user: { id: string; email: string } | null;
  file: { id: string; title: string } | null;
  attempts: number;
  max_attempts: number;
  /** the worker holding it */
  worker: string | null;
  last_error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface JobPage {
  jobs: JobView[];
  total: number;
  page: number;
  page_size: number;
}

const isStuck = and(eq(jobs.status, "running"), lt(jobs.lockedUntil, sql`now()`));

function matching(filter: JobFilter): SQL | undefined {
  const state = filter.state === "stuck" ? isStuck : filter.state ? eq(jobs.status, filter.state) : undefined;
  return and(filter.kind ? eq(jobs.kind, filter.kind) : undefined, state);
}

function selectJobs(database: Database) {
  return database
    .select({
      id: jobs.id,
      kind: jobs.kind,
      status: jobs.status,
      stuck: sql<boolean>`coalesce(${isStuck}, false)`,
      userId: users.id,
      email: users.email,
      fileId: transcriptions.id,
      title: transcriptions.title,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      worker: jobs.lockedBy,
      lastError: jobs.lastError,
      createdAt: jobs.createdAt,
      startedAt: jobs.startedAt,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .leftJoin(transcriptions, eq(transcriptions.id, jobs.transcriptionId))
    .leftJoin(users, eq(users.id, sql`coalesce(${jobs.userId}, ${transcriptions.userId})`));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectJobs>["execute"]>>[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toView(row: Selected): JobView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    stuck: Boolean(row.stuck),
    user: row.userId && row.email ? { id: row.userId, email: row.email } : null,
    file: row.fileId && row.title !== null ? { id: row.fileId, title: row.title } : null,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    worker: row.worker,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

/** A page of the jobs that match, newest first. */
export async function listJobs(database: Database, filter: JobFilter, page: { page: number; pageSize: number }): Promise<JobPage> {
  const where = matching(filter);
  const [rows, [total]] = await Promise.all([
    selectJobs(database)
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    database.select({ n: count() }).from(jobs).where(where),
  ]);
  return { jobs: rows.map(toView), total: Number(total?.n ?? 0), page: page.page, page_size: page.pageSize };
}

/** One job, or null when there is none with this id (or retention removed it). */
export async function findJob(database: Database, id: string): Promise<JobView | null> {
  const [row] = await selectJobs(database).where(eq(jobs.id, id));
  return row ? toView(row) : null;
}

export type JobCounts = Record<JobKind, Record<JobState, number>>;

/** How many jobs of each kind are in each state ("stuck" ones are counted as running too). */
export async function jobCounts(database: Database): Promise<JobCounts> {
  const rows = await queryRows<{ kind: JobKind; status: JobStatus; n: number; stuck: number }>(
    database,
    sql`select kind, status, count(*)::int as n,
               count(*) filter (where status = 'running' and locked_until < now())::int as stuck
          from jobs group by kind, status`,
  );
  const counts = Object.fromEntries(JOB_KINDS.map((kind) => [kind, Object.fromEntries(JOB_STATES.map((state) => [state, 0]))])) as JobCounts;
  for (const row of rows) {
    counts[row.kind][row.status] = Number(row.n);
    counts[row.kind].stuck += Number(row.stuck);
  }
  return counts;
}
