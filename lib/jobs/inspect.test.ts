import { eq, sql } from "drizzle-orm";
import { jobs, users } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { LEASE_MS, failedJob, insertFile, queued } from "@/test/support/job-fixtures";
import { insertUser } from "@/test/support/users";
import { findJob, jobCounts, listJobs } from "./inspect";
import { claim } from "./store";

const ALL = { page: 1, pageSize: 25 };

describe.each(BACKENDS)("the operators' view of the queue, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  beforeEach(async () => {
    await t.db.delete(jobs);
  });

  /** A transcription (running), a formatting (stuck: its worker died), a mail (failed) and a queued mail, oldest first. */
  async function arrange() {
    const db = t.db;
    const owner = await insertUser(db);
    const formatter = await insertUser(db);
    const file = await insertFile(db, owner, "Board meeting");
    const transcribe = await queued(db, { kind: "transcribe", transcriptionId: file, maxAttempts: 3 }, 40);
    const format = await queued(db, { kind: "format", transcriptionId: file, userId: formatter }, 30);
    const failedMail = await queued(db, { kind: "mail", payload: { to: "a@example.com" } }, 20);
    const waitingMail = await queued(db, { kind: "mail", payload: { to: "b@example.com" } }, 10);
    await claim(db, "w-files", ["transcribe"], LEASE_MS);
    await claim(db, "w-dead", ["format"], LEASE_MS);
    await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, format));
    await failedJob(db, "mail", "The mail server refused the message: 550 mailbox unavailable.");
    return { owner, formatter, file, transcribe, format, failedMail, waitingMail };
  }

  it("lists every job newest first, with its user, file, attempts, worker, reason and times", async () => {
    const a = await arrange();
    const emailOf = async (id: string) => (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
    const page = await listJobs(t.db, {}, ALL);
    expect(page).toMatchObject({ total: 4, page: 1, page_size: 25 });
    expect(page.jobs.map((j) => j.id)).toEqual([a.waitingMail, a.failedMail, a.format, a.transcribe]);
    const [waiting, failed, format, transcribe] = page.jobs;
    expect(transcribe).toMatchObject({
      kind: "transcribe",
      status: "running",
      stuck: false,
      // a transcription's user is its file's owner
      user: { id: a.owner, email: await emailOf(a.owner) },
      file: { id: a.file, title: "Board meeting" },
      attempts: 1,
      max_attempts: 3,
      worker: "w-files",
      last_error: null,
      finished_at: null,
    });
    expect(Date.parse(transcribe.started_at!)).toBeGreaterThan(Date.parse(transcribe.created_at));
    expect(format).toMatchObject({ status: "running", stuck: true, worker: "w-dead", user: { id: a.formatter, email: await emailOf(a.formatter) } });
    expect(failed).toMatchObject({
      kind: "mail",
      status: "failed",
      user: null,
      file: null,
      worker: null,
      last_error: "The mail server refused the message: 550 mailbox unavailable.",
    });
    expect(failed.finished_at).not.toBeNull();
    expect(waiting).toMatchObject({ status: "queued", attempts: 0, started_at: null, finished_at: null });
    expect(await findJob(t.db, a.failedMail)).toEqual(failed);
    expect(await findJob(t.db, "no-such-job")).toBeNull();
  });

  it("filters by kind and state, stuck being running with the lease run out, and pages", async () => {
    const a = await arrange();
    const ids = async (filter: Parameters<typeof listJobs>[1], page = ALL) => (await listJobs(t.db, filter, page)).jobs.map((j) => j.id);
    expect(await ids({ kind: "mail" })).toEqual([a.waitingMail, a.failedMail]);
    expect(await ids({ state: "failed" })).toEqual([a.failedMail]);
    expect(await ids({ state: "running" })).toEqual([a.format, a.transcribe]);
    expect(await ids({ state: "stuck" })).toEqual([a.format]);
    expect(await ids({ kind: "mail", state: "queued" })).toEqual([a.waitingMail]);
    expect(await ids({ kind: "live" })).toEqual([]);
    const second = await listJobs(t.db, {}, { page: 2, pageSize: 3 });
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(second.jobs.map((j) => j.id)).toEqual([a.transcribe]);
    expect((await listJobs(t.db, { state: "stuck" }, ALL)).total).toBe(1);
  });

  it("counts every kind in every state, stuck ones among the running too", async () => {
    await arrange();
    const counts = await jobCounts(t.db);
    expect(counts.transcribe).toEqual({ queued: 0, running: 1, stuck: 0, done: 0, failed: 0, canceled: 0 });
    expect(counts.format).toEqual({ queued: 0, running: 1, stuck: 1, done: 0, failed: 0, canceled: 0 });
    expect(counts.mail).toEqual({ queued: 1, running: 0, stuck: 0, done: 0, failed: 1, canceled: 0 });
    expect(counts.live).toEqual({ queued: 0, running: 0, stuck: 0, done: 0, failed: 0, canceled: 0 });
  });
});
