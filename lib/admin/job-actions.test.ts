import { eq } from "drizzle-orm";
import { JOB_KIND_VALUES, JOB_STATE_VALUES, JobListQuery } from "@/lib/api/contract/admin";
import { JOB_KINDS, auditLog, jobs, type JobKind } from "@/lib/db/schema";
import { JOB_STATES } from "@/lib/jobs/inspect";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { fakeDefinition, failedJob, queued, type HookCall } from "@/test/support/job-fixtures";
import { insertUser } from "@/test/support/users";
import { cancelJobAsOperator, listJobsForOperator, retryJobAsOperator } from "./job-actions";

describe("the queue's filters", () => {
  it("name the kinds and states the engine has", () => {
    expect([...JOB_KIND_VALUES].sort()).toEqual([...JOB_KINDS].sort());
    expect([...JOB_STATE_VALUES].sort()).toEqual([...JOB_STATES].sort());
  });

  it("refuse an unknown kind or state in a sentence, and leave out what is not given", () => {
    expect(JobListQuery.parse({})).toEqual({ page: 1, page_size: 25 });
    expect(JobListQuery.parse({ kind: "mail", state: "stuck", page: "2" })).toEqual({ kind: "mail", state: "stuck", page: 2, page_size: 25 });
    expect(JobListQuery.safeParse({ kind: "fax" }).error?.issues[0].message).toBe('The "kind" filter must be one of transcribe, format, mail, live, webhook.');
    expect(JobListQuery.safeParse({ state: "lost" }).error?.issues[0].message).toBe('The "state" filter must be one of queued, running, stuck, done, failed, canceled.');
  });
});

describe.each(BACKENDS.slice(0, 1))("an operator's actions on jobs, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  const calls: HookCall[] = [];
  const definitions: Record<JobKind, ReturnType<typeof fakeDefinition>> = {
    transcribe: fakeDefinition("transcribe", calls),
    format: fakeDefinition("format", calls),
    mail: fakeDefinition("mail", calls),
    live: fakeDefinition("live", calls, {}),
    webhook: fakeDefinition("webhook", calls),
  };
  const definitionOf = (kind: JobKind) => definitions[kind];
  let operator: { id: string; email: string };
  beforeAll(async () => {
    operator = { id: await insertUser(t.db), email: "ops1@verbatim.test" };
  });

  it("lists jobs with the actions each allows, and the counts", async () => {
    const db = t.db;
    await queued(db, { kind: "mail" }, 20);
    const failed = await failedJob(db, "mail", "refused");
    const waiting = await queued(db, { kind: "mail" }, 10);
    const live = await queued(db, { kind: "live" });
    const page = await listJobsForOperator(db, {}, { page: 1, pageSize: 25 }, definitionOf);
    const actions = Object.fromEntries(page.jobs.map((j) => [j.id, [j.can_retry, j.can_cancel]]));
    expect(actions).toEqual({ [failed]: [true, false], [waiting]: [false, true], [live]: [false, false] });
    expect(page.counts.mail).toMatchObject({ queued: 1, failed: 1 });
  });

  it("writes the retry and the cancel in the audit log, and answers the job as it is now", async () => {
    const db = t.db;
    await db.delete(jobs);
    await queued(db, { kind: "mail" });
    const id = await failedJob(db, "mail", "The mail server refused the message.");
    const retried = await retryJobAsOperator(db, operator, id, definitionOf);
    expect(retried).toMatchObject({ id, status: "queued", attempts: 0, can_retry: false, can_cancel: true });
    const canceled = await cancelJobAsOperator(db, operator, id, definitionOf);
    expect(canceled).toMatchObject({ id, status: "canceled", can_retry: true, can_cancel: false });
    const entries = await db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.createdAt);
    expect(entries.map((e) => [e.action, e.actorEmail, e.targetType, e.summary])).toEqual([
      ["job.retried", "ops1@verbatim.test", "job", "Retried the failed mail job"],
      ["job.canceled", "ops1@verbatim.test", "job", "Canceled the queued mail job"],
    ]);
    expect(entries[0].before).toEqual({ status: "failed", attempts: 1, last_error: "The mail server refused the message." });
    expect(entries[0].after).toEqual({ status: "queued", attempts: 0 });
  });

  it("writes no audit entry for a refused action", async () => {
    const db = t.db;
    const id = await queued(db, { kind: "live" });
    await expect(cancelJobAsOperator(db, operator, id, definitionOf)).rejects.toThrow("A live transcription job cannot be canceled.");
    expect(await db.select().from(auditLog).where(eq(auditLog.targetId, id))).toEqual([]);
  });
});
