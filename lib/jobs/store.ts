import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { queryRows, type Database, type Tx } from "@/lib/db/client";
import { jobs, type JobKind } from "@/lib/db/schema";

/**
 * The only code that writes the `jobs` table. A job is claimed with FOR UPDATE SKIP LOCKED
 * and held under a lease its worker renews; a worker that dies stops renewing and another
 * takes the job when the lease runs out. Every write that ends or hands back a job names
 * its holder and runs in the caller's transaction, so the feature's own writes (a
 * transcript, a refund, a mail) commit together with the job's end, exactly once.
 */

export interface HeldJob {
  id: string;
  kind: JobKind;
  transcriptionId: string | null;
  userId: string | null;
  /** whose turn it used in its lane ("" for jobs of no account) */
  account: string;
  payload: unknown;
  /** this attempt's number, from 1 */
  attempts: number;
  maxAttempts: number;
  /** the worker holding it */
  workerId: string;
}

export interface NewJob {
  kind: JobKind;
  transcriptionId?: string;
  userId?: string;
  /** whose turn it uses (the payer of the work, a mail's recipient); default `userId` */
  account?: string;
  payload?: unknown;
  priority?: number;
  maxAttempts?: number;
}

type Writer = Tx | Database;

/**
 * Inserts a job row as it is: the engine's own write, under `enqueue` (./enqueue.ts), which
 * features use. The new job's id; null when a unique rule of its kind refuses it (a file's
 * second transcription, a user's second formatting).
 */
export async function insertJob(tx: Writer, job: NewJob): Promise<string | null> {
  const rows = await tx
    .insert(jobs)
    .values({ id: randomUUID(), ...job, account: job.account ?? job.userId ?? null })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/** How a lane shares its work between accounts. */
export interface Turns {
  /** the lane whose turns these are (default: the kinds' names) */
  lane?: string;
  /** at most this many of one account's jobs of these kinds run at once, fleet-wide */
  perAccount?: number;
  /**
   * Only a job of an account served longer ago than the first of these, and none of these:
   * a worker in the middle of these accounts' long work offers its turn to another account.
   */
  fairerThan?: readonly string[];
  /** priority, then age, whoever's: the order before turns, kept as bench:fairness's baseline */
  fifo?: boolean;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The next job of these kinds that is due (or whose holder died), taken by `workerId` for
 * `leaseMs`. Accounts take turns: a job of the account its lane served longest ago (or
 * never) goes first, then by priority, then oldest. So one account's backlog never makes
 * another wait for more than the job running now, and a plan's priority orders work without
 * starving anyone. The claim records the account's turn in the same statement. `perAccount`
 * is counted as the claim reads: two claims at the same instant may both pass it once.
 */
export async function claim(database: Database, workerId: string, kinds: readonly JobKind[], leaseMs: number, turns: Turns = {}): Promise<HeldJob | null> {
  const kindList = list(kinds);
  const lane = turns.lane ?? kinds.join(",");
  const capped =
    turns.perAccount === undefined
      ? sql``
      : sql`and (select count(*) from jobs r
                  where coalesce(r.account, '') = coalesce(j.account, '') and r.kind in (${kindList})
                    and r.status = 'running' and r.locked_until >= now()) < ${turns.perAccount}`;
  const fairer = turns.fairerThan?.length
    ? sql`and coalesce(j.account, '') not in (${list(turns.fairerThan)})
          and (t.served_at is null or t.served_at < coalesce(
                (select h.served_at from queue_turns h where h.lane = ${lane} and h.account = ${turns.fairerThan[0]}), now()))`
    : sql``;
  const [row] = await queryRows<{
    id: string;
    kind: JobKind;
    transcription_id: string | null;
    user_id: string | null;
    account: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
  }>(
    database,
    sql`with picked as (
          select j.id, coalesce(j.account, '') as fair
            from jobs j
            left join queue_turns t on t.lane = ${lane} and t.account = coalesce(j.account, '')
           where j.kind in (${kindList})
             and ((j.status = 'queued' and j.run_after <= now()) or (j.status = 'running' and j.locked_until < now()))
             ${capped} ${fairer}
           order by ${turns.fifo ? sql`` : sql`t.served_at asc nulls first,`} j.priority desc, j.created_at asc
           limit 1
           for update of j skip locked
        ), claimed as (
          update jobs
             set status = 'running', locked_by = ${workerId},
                 locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
                 attempts = jobs.attempts + 1, started_at = coalesce(jobs.started_at, now()), updated_at = now()
            from picked
           where jobs.id = picked.id
          returning jobs.id, jobs.kind, jobs.transcription_id, jobs.user_id, picked.fair as account, jobs.payload, jobs.attempts, jobs.max_attempts
        ), turn as (
          insert into queue_turns (lane, account, served_at)
          select ${lane}, account, clock_timestamp() from claimed
          on conflict (lane, account) do update set served_at = excluded.served_at
        )
        select * from claimed`,
  );
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    transcriptionId: row.transcription_id,
    userId: row.user_id,
    account: row.account,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    workerId,
  };
}

/** Records that `lane` served `account` now (a long file's piece taken counts as its payer's turn). */
export async function takeTurn(database: Database, lane: string, account: string): Promise<void> {
  await database.execute(
    sql`insert into queue_turns (lane, account, served_at) values (${lane}, ${account}, clock_timestamp())
        on conflict (lane, account) do update set served_at = excluded.served_at`,
  );
}

/**
 * The row of a job while its holder still runs this attempt (not canceled, not taken over).
 * The attempt counts too: a worker that claims its own job again after the lease lapsed
 * (two live sessions on one worker) makes the older run's writes miss.
 */
const held = (job: Pick<HeldJob, "id" | "workerId" | "attempts">) =>
  and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.workerId), eq(jobs.attempts, job.attempts), eq(jobs.status, "running"));

async function settle(tx: Writer, job: HeldJob, values: PgUpdateSetSource<typeof jobs>): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null, ...values })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Renews the lease; false when the job is no longer this holder's. */
export async function renew(database: Database, job: HeldJob, leaseMs: number): Promise<boolean> {
  const rows = await database
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Ends the job as done; false when it is no longer this holder's (then write nothing else). */
export function complete(tx: Writer, job: HeldJob, options: { dropPayload?: boolean } = {}): Promise<boolean> {
  return settle(tx, job, { status: "done", finishedAt: sql`now()`, lastError: null, ...(options.dropPayload ? { payload: null } : {}) });
}

/** Ends the job as failed for good, kept as a dead letter with the reason operators see. */
export function fail(tx: Writer, job: HeldJob, reason: string): Promise<boolean> {
  return settle(tx, job, { status: "failed", finishedAt: sql`now()`, lastError: reason });
}

/** Back to the queue after `delayMs`, with the reason of this attempt. */
export function retry(tx: Writer, job: HeldJob, reason: string, delayMs: number): Promise<boolean> {
  return settle(tx, job, { status: "queued", lastError: reason, runAfter: sql`now() + make_interval(secs => ${delayMs / 1000})` });
}

/** Back to the queue at once, this attempt not counted: the worker is stopping, not the job failing. */
export function release(tx: Writer, job: HeldJob): Promise<boolean> {
  return settle(tx, job, { status: "queued", attempts: sql`greatest(0, ${jobs.attempts} - 1)`, runAfter: sql`now()` });
}

/** Back to the queue after `delayMs`, this run not counted: what the job needs is busy or resting (a webhook endpoint's one delivery at a time, its backoff). */
export function postpone(tx: Writer, job: HeldJob, delayMs: number): Promise<boolean> {
  return settle(tx, job, { status: "queued", attempts: sql`greatest(0, ${jobs.attempts} - 1)`, runAfter: sql`now() + make_interval(secs => ${delayMs / 1000})` });
}

/** Ends the open (queued or running) jobs of a kind for a transcription: a user or operator canceled; their workers notice at the next renewal. */
export async function cancelOpen(tx: Writer, kind: JobKind, transcriptionId: string): Promise<number> {
  const rows = await tx
    .update(jobs)
    .set({ status: "canceled", lockedBy: null, lockedUntil: null, finishedAt: sql`now()` })
    .where(and(eq(jobs.kind, kind), eq(jobs.transcriptionId, transcriptionId), inArray(jobs.status, ["queued", "running"])))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Takes the row of a transcription's job of this kind for the rest of the transaction (cancel orders its locks like the writers above). */
export async function lockJobsOf(tx: Tx, kind: JobKind, transcriptionId: string): Promise<void> {
  await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.transcriptionId, transcriptionId)))
    .for("update");
}

export interface JobRow {
  id: string;
  kind: JobKind;
  status: (typeof jobs.$inferSelect)["status"];
  transcriptionId: string | null;
  userId: string | null;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
}

/** A job by id, its row taken for the rest of the transaction (an operator's retry or cancel). */
export async function lockJob(tx: Tx, id: string): Promise<JobRow | null> {
  const [row] = await tx
    .select({
      id: jobs.id,
      kind: jobs.kind,
      status: jobs.status,
      transcriptionId: jobs.transcriptionId,
      userId: jobs.userId,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      lastError: jobs.lastError,
    })
    .from(jobs)
    .where(eq(jobs.id, id))
    .for("update");
  return row ?? null;
}

/** A failed or canceled job queued again with its attempts reset (an operator's redrive). */
export async function requeueEnded(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({ status: "queued", attempts: 0, runAfter: sql`now()`, finishedAt: null, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ["failed", "canceled"])))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Cancels one open job by id, whoever holds it (an operator's cancel). */
export async function cancelById(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({ status: "canceled", lockedBy: null, lockedUntil: null, finishedAt: sql`now()` })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ["queued", "running"])))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Retention: done and canceled jobs go after `keepDays`, failed ones (dead letters) after `deadLetterDays`. */
export async function removeExpired(database: Database, keepDays: number, deadLetterDays: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    database,
    sql`delete from jobs
         where (status in ('done', 'canceled') and finished_at < now() - make_interval(days => ${keepDays}))
            or (status = 'failed' and finished_at < now() - make_interval(days => ${deadLetterDays}))
        returning id`,
  );
  // A turn older than the retention orders an account as one never served would: drop it.
  await database.execute(sql`delete from queue_turns where served_at < now() - make_interval(days => ${keepDays})`);
  return rows.length;
}
