import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { runNextJob } from "@/lib/worker/run-next";
import { startWorker } from "@/lib/worker/worker";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { firstLink, useSmtpCatcher } from "@/test/support/smtp-catcher";
import { queueMail } from "./mail-queue";
import { verificationMail } from "./templates";

const worker = (db: Database) => runNextJob(db, "mail-worker", ["mail"]);

describe.each(BACKENDS.slice(0, 1))("queued mail on %s", (_name, open) => {
  useTestEnv({ MAIL_FROM: "Verbatim <no-reply@verbatim.test>", TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);
  const smtp = useSmtpCatcher();
  beforeEach(async () => {
    await t.db.delete(jobs).where(eq(jobs.kind, "mail"));
  });

  it("a request only queues the mail; a worker delivers it over SMTP and forgets it", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.catcher.port}`;
    const link = "http://localhost:3000/verify-email?token=queued";
    await queueMail(t.db, verificationMail("queued@example.com", "Queue", link));
    const [row] = await t.db.select().from(jobs).where(eq(jobs.kind, "mail"));
    expect(row).toMatchObject({ status: "queued", transcriptionId: null });
    expect(await worker(t.db)).toMatchObject({ outcome: "done", job: { kind: "mail" } });
    expect(firstLink(await smtp.catcher.waitFor("queued@example.com"))).toBe(link);
    // Kept a while for the operators' queue view, without its content (the link signs in).
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, "mail"))).toMatchObject([{ status: "done", payload: null }]);
    expect(await worker(t.db)).toBeNull();
    await t.db.delete(jobs).where(eq(jobs.kind, "mail"));
  });

  it("a running worker sends queued mail on its own lane", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.catcher.port}`;
    const ended: string[] = [];
    const running = startWorker(t.db, { pollMs: 50, schedules: false, onJobEnd: (job, outcome) => ended.push(`${job.kind}:${outcome}`) });
    try {
      await queueMail(t.db, verificationMail("lane@example.com", "Lane", "http://localhost:3000/verify-email?token=lane"));
      expect((await smtp.catcher.waitFor("lane@example.com")).subject).toBe("Verify your email for Verbatim");
      for (let i = 0; i < 100 && !ended.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(ended).toEqual(["mail:done"]);
    } finally {
      await running.stop();
    }
  });

  it("an SMTP server that is down: retried with backoff; after the last try it stays as a dead letter with its reason", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    await queueMail(t.db, verificationMail("down@example.com", "Down", "http://localhost:3000/verify-email?token=secret-token"));
    await t.db.update(jobs).set({ maxAttempts: 2 }).where(eq(jobs.kind, "mail"));
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await worker(t.db)).toMatchObject({ outcome: "retry" });
      const [waiting] = await t.db.select().from(jobs).where(eq(jobs.kind, "mail"));
      expect(waiting.status).toBe("queued");
      expect(waiting.runAfter.getTime()).toBeGreaterThan(Date.now() + 3000);
      expect(await worker(t.db)).toBeNull(); // not before its time
      await t.db.update(jobs).set({ runAfter: new Date(0) }).where(eq(jobs.kind, "mail"));
      expect(await worker(t.db)).toMatchObject({ outcome: "failed" });
    } finally {
      error.mockRestore();
    }
    const [failed] = await t.db.select().from(jobs).where(eq(jobs.kind, "mail"));
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toMatch(/^The mail job failed: .*ECONNREFUSED/);
    // Kept as a dead letter an operator can send again (its links expire on their own).
    expect(failed.payload).toMatchObject({ subject: expect.any(String) });
    await t.db.delete(jobs).where(eq(jobs.kind, "mail"));
  });

  it("a malformed mail row is failed at once, not retried", async () => {
    await t.db.insert(jobs).values({ id: "bad-mail", kind: "mail", payload: { to: 42 } });
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    expect(await worker(t.db)).toMatchObject({ outcome: "failed" });
    error.mockRestore();
    await t.db.delete(jobs).where(eq(jobs.id, "bad-mail"));
  });
});
