import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { jobs, type JobKind } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { LEASE_MS, fakeDefinition, failedJob, queued, type HookCall } from "@/test/support/job-fixtures";
import type { JobDefinition } from "./definition";
import { JOB_NOT_FOUND, allowedActions, cancelJob, retryJob } from "./operator";
import { claim, complete, renew } from "./store";

async function rowOf(db: Database, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

const refusal = (kind: DomainError["kind"], message: string) => expect.objectContaining({ kind, message });

describe.each(BACKENDS)("an operator's retry and cancel, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  let calls: HookCall[];
  let definitions: Partial<Record<JobKind, JobDefinition<unknown>>>;
  const definitionOf = (kind: JobKind) => definitions[kind]!;
  beforeEach(async () => {
    await t.db.delete(jobs);
    calls = [];
    // mail can be retried and canceled; live neither
    definitions = { mail: fakeDefinition("mail", calls), live: fakeDefinition("live", calls, {}) };
  });

  it("queues a failed job again, attempts from zero, and the kind's redrive runs with it", async () => {
    await queued(t.db, { kind: "mail", payload: { to: "a@example.com" } });
    const id = await failedJob(t.db, "mail", "The mail server refused the message.");
    const before = await retryJob(t.db, id, definitionOf);
    expect(before).toMatchObject({ id, status: "failed", attempts: 1, lastError: "The mail server refused the message." });
    expect(await rowOf(t.db, id)).toMatchObject({ status: "queued", attempts: 0, finishedAt: null, lockedBy: null });
    expect(calls).toEqual([{ hook: "redrive", job: { id, kind: "mail", transcriptionId: null, userId: null, payload: { to: "a@example.com" } } }]);
    // and a worker takes it as any queued job
    expect((await claim(t.db, "w", ["mail"], LEASE_MS))?.id).toBe(id);
  });

  it("retries a canceled job too; refuses one that has not ended that way, a kind without redrive, and an unknown id", async () => {
    const open = await queued(t.db, { kind: "mail" });
    await expect(retryJob(t.db, open, definitionOf)).rejects.toEqual(refusal("conflict", "This job is queued: only a failed or canceled job can be retried."));
    await cancelJob(t.db, open, definitionOf);
    await retryJob(t.db, open, definitionOf);
    expect((await rowOf(t.db, open)).status).toBe("queued");

    await queued(t.db, { kind: "live" });
    const live = await failedJob(t.db, "live", "The recording stopped.");
    await expect(retryJob(t.db, live, definitionOf)).rejects.toEqual(refusal("conflict", "A live transcription job cannot be retried."));
    expect((await rowOf(t.db, live)).status).toBe("failed");
    await expect(retryJob(t.db, "no-such-job", definitionOf)).rejects.toEqual(refusal("not_found", JOB_NOT_FOUND));
    expect(calls.map((c) => c.hook)).toEqual(["cancel", "redrive"]);
  });

  it("writes nothing when the feature's hook or the caller's own write fails: one transaction", async () => {
    await queued(t.db, { kind: "mail" });
    const id = await failedJob(t.db, "mail", "refused");
    definitions.mail = fakeDefinition("mail", calls, {
      redrive: true,
      write: async () => {
        throw new Error("the feature's write failed");
      },
    });
    await expect(retryJob(t.db, id, definitionOf)).rejects.toThrow("the feature's write failed");
    expect(await rowOf(t.db, id)).toMatchObject({ status: "failed", attempts: 1 });

    definitions.mail = fakeDefinition("mail", calls);
    const audit = jest.fn(async () => {
      throw new Error("the audit entry could not be written");
    });
    await expect(retryJob(t.db, id, definitionOf, audit)).rejects.toThrow("the audit entry could not be written");
    expect(audit).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ id, status: "failed" }));
    expect((await rowOf(t.db, id)).status).toBe("failed");
  });

  it("cancels a queued job, and a running one whose worker then loses it at its next renewal", async () => {
    const waiting = await queued(t.db, { kind: "mail" }, 10);
    const running = await queued(t.db, { kind: "mail" });
    const held = (await claim(t.db, "w1", ["mail"], LEASE_MS))!;
    expect(held.id).toBe(waiting);
    expect(await cancelJob(t.db, waiting, definitionOf)).toMatchObject({ status: "running" });
    expect(await rowOf(t.db, waiting)).toMatchObject({ status: "canceled", lockedBy: null });
    expect((await rowOf(t.db, waiting)).finishedAt).not.toBeNull();
    expect(await renew(t.db, held, LEASE_MS)).toBe(false);
    expect(await complete(t.db, held)).toBe(false);

    await cancelJob(t.db, running, definitionOf);
    expect((await rowOf(t.db, running)).status).toBe("canceled");
    expect(calls.map((c) => [c.hook, c.job.id])).toEqual([
      ["cancel", waiting],
      ["cancel", running],
    ]);
  });

  it("refuses to cancel a job that has ended, or one of a kind without cancel", async () => {
    const id = await queued(t.db, { kind: "mail" });
    await complete(t.db, (await claim(t.db, "w", ["mail"], LEASE_MS))!);
    await expect(cancelJob(t.db, id, definitionOf)).rejects.toEqual(refusal("conflict", "This job has already ended (done), so there is nothing to cancel."));
    const live = await queued(t.db, { kind: "live" });
    await expect(cancelJob(t.db, live, definitionOf)).rejects.toEqual(refusal("conflict", "A live transcription job cannot be canceled."));
    expect((await rowOf(t.db, live)).status).toBe("queued");
    expect(calls).toEqual([]);
  });

  it("says which actions a job allows by the same rules", () => {
    expect(allowedActions({ kind: "mail", status: "failed" }, definitionOf)).toEqual({ can_retry: true, can_cancel: false });
    expect(allowedActions({ kind: "mail", status: "canceled" }, definitionOf)).toEqual({ can_retry: true, can_cancel: false });
    expect(allowedActions({ kind: "mail", status: "running" }, definitionOf)).toEqual({ can_retry: false, can_cancel: true });
    expect(allowedActions({ kind: "mail", status: "done" }, definitionOf)).toEqual({ can_retry: false, can_cancel: false });
    expect(allowedActions({ kind: "live", status: "failed" }, definitionOf)).toEqual({ can_retry: false, can_cancel: false });
    expect(allowedActions({ kind: "live", status: "queued" }, definitionOf)).toEqual({ can_retry: false, can_cancel: false });
  });
});
