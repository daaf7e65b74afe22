import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "@/lib/db/client";
import { jobs, jobSchedules } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { defineJob, exponentialBackoff, jobKind, type JobDefinition } from "./definition";
import { EXHAUSTED, runJob } from "./run-job";
import { cancelById, claim, complete, insertJob, type HeldJob } from "./store";

/** A passing failure (a DomainError, so the engine does not log it as a bug). */
class Transient extends DomainError {
  constructor(message: string) {
    super("unavailable", message);
  }
}
const permanent = () => new DomainError("invalid", "permanent");

const Payload = z.object({ to: z.string() });
type Payload = z.infer<typeof Payload>;

/** A mail-kind definition whose run and hooks each test sets. */
function testJob(overrides: Partial<JobDefinition<Payload>> = {}): JobDefinition<unknown> {
  const definition: JobDefinition<Payload> = {
    ...defineJob(jobKind({ kind: "mail", payload: Payload, lane: "tasks", maxAttempts: 3, backoffMs: exponentialBackoff }), {
      run: async () => {},
      transient: (error) => error instanceof Transient,
      reason: (error) => (error instanceof Error && error.message !== EXHAUSTED ? `Could not send: ${error.message}` : "Gave up."),
    }),
    ...overrides,
  };
  return definition as JobDefinition<unknown>;
}

const LEASE = 30_000;
const notStopping = () => new AbortController().signal;

/** A trace the feature's hooks leave in the database (a row of a table nothing else here writes). */
const mark = (tx: Tx, name: string) => tx.insert(jobSchedules).values({ name });
const marks = async (db: Database) => (await db.select({ name: jobSchedules.name }).from(jobSchedules)).map((r) => r.name).sort();

async function rowOf(db: Database, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

const statusIn = async (database: Database | Tx, id: string) => (await database.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status;

describe.each(BACKENDS)("runJob on %s", (name, open) => {
  const itOnPostgres = name === "PostgreSQL" ? it : it.skip;
  const t = useOpenedDatabase(open);
  let db: Database;
  beforeAll(() => {
    db = t.db;
  });
  beforeEach(async () => {
    await db.delete(jobs);
    await db.delete(jobSchedules);
  });

  async function held(options: { payload?: unknown; maxAttempts?: number } = {}): Promise<HeldJob> {
    await insertJob(db, { kind: "mail", payload: options.payload ?? { to: "a@example.com" }, maxAttempts: options.maxAttempts });
    return (await claim(db, "w", ["mail"], LEASE))!;
  }

  it("completes the job when run returns nothing, handing run the checked payload", async () => {
    const job = await held({ payload: { to: "a@example.com", extra: 1 } });
    const seen: unknown[] = [];
    const definition = testJob({
      run: async (run) => {
        seen.push(run.payload, run.job.id, run.leaseMs, run.signal.aborted, run.lost.aborted, run.stopping.aborted);
      },
    });
    expect(await runJob(db, job, definition, { leaseMs: LEASE, stopping: notStopping() })).toBe("done");
    expect(seen).toEqual([{ to: "a@example.com" }, job.id, LEASE, false, false, false]);
    expect(await rowOf(db, job.id)).toMatchObject({ status: "done", payload: { to: "a@example.com", extra: 1 }, lockedBy: null });
  });

  it("drops the payload of a kind that asks for it when done", async () => {
    const job = await held({ payload: { to: "link@example.com" } });
    expect(await runJob(db, job, testJob({ dropPayloadWhenDone: true }), { leaseMs: LEASE, stopping: notStopping() })).toBe("done");
    expect(await rowOf(db, job.id)).toMatchObject({ status: "done", payload: null });
  });

  it("lets run end the job itself in its own transaction, with its writes", async () => {
    const job = await held();
    const definition = testJob({
      run: async ({ database, job: j }) =>
        database.transaction(async (tx) => {
          await mark(tx, "written with the end");
          return (await complete(tx, j)) ? "done" : "lost";
        }),
    });
    expect(await runJob(db, job, definition, { leaseMs: LEASE, stopping: notStopping() })).toBe("done");
    expect((await rowOf(db, job.id)).status).toBe("done");
    expect(await marks(db)).toEqual(["written with the end"]);
  });

  it("puts a job back with backoff on a transient error, calling onRetry in the same transaction", async () => {
    const job = await held();
    const seen: Array<{ reason: string; inside: string | undefined; outside?: string }> = [];
    const definition = testJob({
      run: async () => {
        throw new Transient("451 try later");
      },
      onRetry: async (tx, j, reason) => {
        const entry: (typeof seen)[number] = { reason, inside: await statusIn(tx, j.id) };
        // Another connection does not see the retry before it commits.
        if (name === "PostgreSQL") entry.outside = await statusIn(db, j.id);
        seen.push(entry);
        await mark(tx, "retry noted");
      },
    });
    const before = Date.now();
    expect(await runJob(db, job, definition, { leaseMs: LEASE, stopping: notStopping() })).toBe("retry");
    expect(seen).toEqual([{ reason: "Could not send: 451 try later", inside: "queued", ...(name === "PostgreSQL" ? { outside: "running" } : {}) }]);
    const row = await rowOf(db, job.id);
    expect(row).toMatchObject({ status: "queued", lastError: "Could not send: 451 try later", attempts: 1, lockedBy: null });
    expect(row.runAfter.getTime()).toBeGreaterThanOrEqual(before + exponentialBackoff(1) - 1000);
    expect(row.runAfter.getTime()).toBeLessThan(Date.now() + exponentialBackoff(1) + 1000);
    expect(await marks(db)).toEqual(["retry noted"]);
  });

  it("uses the definition's backoff for the attempt that failed", async () => {
    const job = await held();
    await db.update(jobs).set({ attempts: 2 }).where(eq(jobs.id, job.id));
    const backoffMs = jest.fn(() => 60_000);
    const definition = testJob({
      backoffMs,
      run: async () => {
        throw new Transient("again");
      },
    });
    expect(await runJob(db, { ...job, attempts: 2 }, definition, { leaseMs: LEASE, stopping: notStopping() })).toBe("retry");
    expect(backoffMs).toHaveBeenCalledWith(2);
    expect((await rowOf(db, job.id)).runAfter.getTime()).toBeGreaterThan(Date.now() + 55_000);
  });

  it("rolls the retry back with onRetry's writes when onRetry throws", async () => {
    const job = await held();
    const definition = testJob({
      run: async () => {
        throw new Transient("451");
      },
      onRetry: async (tx) => {
        await mark(tx, "half done");
        throw new Error("the feature's write failed");
      },
    });
    await expect(runJob(db, job, definition, { leaseMs: LEASE, stopping: notStopping() })).rejects.toThrow("the feature's write failed");
    expect(await rowOf(db, job.id)).toMatchObject({ status: "running", lockedBy: "w", lastError: null });
    expect(await marks(db)).toEqual([]);
  });

  it("fails a job for good on a permanent error, calling onFailed with the reason", async () => {
    const job = await held();
    const onFailed = jest.fn(async (tx: Tx, _job: HeldJob, reason: string) => {
      expect(await statusIn(tx, job.id)).toBe("failed");
      await mark(tx, reason);
    });
    const onRetry = jest.fn(async () => {});
    const definition = testJob({
      run: async () => {
        throw new DomainError("invalid", "The address does not exist.");
      },
      onFailed,
      onRetry,
    });
    expect(await runJob(db, job, definition, { leaseMs: LEASE, stopping: notStopping() })).toBe("failed");
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onFailed.mock.calls[0][1]).toMatchObject({ id: job.id });
    expect(onRetry).not.toHaveBeenCalled();
    const row = await rowOf(db, job.id);
    expect(row).toMatchObject({ status: "failed", lastError: "Could not send: The address does not exist.", lockedBy: null });
    expect(row.finishedAt).not.toBeNull();
    expect(await marks(db)).toEqual(["Could not send: The address does not exist."]);
  });

  it("fails a transient error on the last attempt", async () => {
    const job = await held({ maxAttempts: 1 });
    const onFailed = jest.fn(async () => {});
    const definition = testJob({
      run: async () => {
        throw new Transient("451");
      },
      onFailed,
    });
    expect(await runJob(db, job, definition, { leaseMs: LEASE, stopping: notStopping() })).toBe("failed");
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(await rowOf(db, job.id)).toMatchObject({ status: "failed", lastError: "Could not send: 451" });
  });

  it("fails a job taken more often than its attempts allow, without running it, with the definition's reason of EXHAUSTED", async () => {
    await insertJob(db, { kind: "mail", payload: { to: "a@example.com" }, maxAttempts: 2 });
    let job = (await claim(db, "w", ["mail"], LEASE))!;
    for (let i = 0; i < 2; i++) {
      await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, job.id));
      job = (await claim(db, `w${i}`, ["mail"], LEASE))!;
    }
    expect(job.attempts).toBe(3);
    const run = jest.fn(async () => {});
    const reasons: unknown[] = [];
    const onFailed = jest.fn(async () => {});
    const definition = testJob({
      run,
      onFailed,
      reason: (error) => {
        reasons.push(error instanceof Error ? error.message : error);
        return "It kept stopping.";
      },
    });
    expect(await runJob(db, job, definition, { leaseMs: LEASE, stopping: notStopping() })).toBe("failed");
    expect(run).not.toHaveBeenCalled();
    expect(reasons).toEqual([EXHAUSTED]);
    expect(onFailed).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ id: job.id }), "It kept stopping.");
    expect(await rowOf(db, job.id)).toMatchObject({ status: "failed", lastError: "It kept stopping." });
  });

  it("fails a job whose payload does not fit its kind, without running it", async () => {
    const job = await held({ payload: { to: 42 } });
    const run = jest.fn(async () => {});
    const onFailed = jest.fn(async () => {});
    expect(await runJob(db, job, testJob({ run, onFailed }), { leaseMs: LEASE, stopping: notStopping() })).toBe("failed");
    expect(run).not.toHaveBeenCalled();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(await rowOf(db, job.id)).toMatchObject({ status: "failed", lastError: "The mail job's payload is not valid." });
  });

  it("hands the job back, its attempt not counted, when the worker stops", async () => {
    const job = await held();
    const stopping = new AbortController();
    const onRetry = jest.fn(async () => {});
    const onFailed = jest.fn(async () => {});
    const definition = testJob({
      onRetry,
      onFailed,
      run: async ({ signal, stopping: stop, lost }) => {
        await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
        expect([stop.aborted, lost.aborted]).toEqual([true, false]);
        throw signal.reason;
      },
    });
    const running = runJob(db, job, definition, { leaseMs: LEASE, stopping: stopping.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    stopping.abort();
    expect(await running).toBe("released");
    expect(await rowOf(db, job.id)).toMatchObject({ status: "queued", attempts: 0, lockedBy: null, lastError: null });
    expect(onRetry).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
  });

  it("aborts `lost` when the job is canceled while it runs, and ends as lost without touching the job", async () => {
    const job = await held();
    const onFailed = jest.fn(async () => {});
    const onRetry = jest.fn(async () => {});
    let sawLost = false;
    const definition = testJob({
      onFailed,
      onRetry,
      run: async ({ signal, lost }) => {
        await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
        sawLost = lost.aborted;
        throw new Transient("aborted");
      },
    });
    // A 600 ms lease is renewed every 250 ms: the cancel is noticed within a renewal.
    const running = runJob(db, job, definition, { leaseMs: 600, stopping: notStopping() });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const canceledAt = Date.now();
    expect(await db.transaction((tx) => cancelById(tx, job.id))).toBe(true);
    expect(await running).toBe("lost");
    expect(Date.now() - canceledAt).toBeLessThan(2000);
    expect(sawLost).toBe(true);
    expect(onFailed).not.toHaveBeenCalled();
    expect(onRetry).not.toHaveBeenCalled();
    expect(await rowOf(db, job.id)).toMatchObject({ status: "canceled", lastError: null });
  });

  it("ends as lost when run returns normally after its job was canceled", async () => {
    const job = await held();
    const definition = testJob({
      run: async ({ lost }) => {
        await new Promise((resolve) => lost.addEventListener("abort", resolve, { once: true }));
      },
    });
    const running = runJob(db, job, definition, { leaseMs: 600, stopping: notStopping() });
    await db.transaction((tx) => cancelById(tx, job.id));
    expect(await running).toBe("lost");
    expect((await rowOf(db, job.id)).status).toBe("canceled");
  });

  it("ends as lost when run returns after its job was taken over", async () => {
    const job = await held();
    const definition = testJob({
      run: async () => {
        await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, job.id));
        await claim(db, "other", ["mail"], LEASE);
      },
    });
    expect(await runJob(db, job, definition, { leaseMs: LEASE, stopping: notStopping() })).toBe("lost");
    expect(await rowOf(db, job.id)).toMatchObject({ status: "running", lockedBy: "other", attempts: 2 });
  });

  it("makes no failure effects for a holder that lost the job: only the new holder's failure counts", async () => {
    const job = await held();
    const effects: string[] = [];
    const failing = (label: string) =>
      testJob({
        run: async () => {
          throw new Error("permanent");
        },
        onFailed: async (tx) => {
          effects.push(label);
          await mark(tx, label);
        },
      });
    // The job is taken over while the first holder still works on it.
    await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, job.id));
    const takeover = (await claim(db, "other", ["mail"], LEASE))!;
    expect(await runJob(db, job, failing("first holder"), { leaseMs: LEASE, stopping: notStopping() })).toBe("lost");
    expect(await rowOf(db, job.id)).toMatchObject({ status: "running", lockedBy: "other", lastError: null });
    expect(await runJob(db, takeover, failing("second holder"), { leaseMs: LEASE, stopping: notStopping() })).toBe("failed");
    expect(effects).toEqual(["second holder"]);
    expect(await marks(db)).toEqual(["second holder"]);
  });

  it("rolls the failure back with onFailed's writes when onFailed throws, so the job is taken again", async () => {
    const job = await held();
    const definition = testJob({
      run: async () => {
        throw permanent();
      },
      onFailed: async (tx) => {
        await mark(tx, "refund");
        throw new Error("the refund failed");
      },
    });
    await expect(runJob(db, job, definition, { leaseMs: LEASE, stopping: notStopping() })).rejects.toThrow("the refund failed");
    expect(await rowOf(db, job.id)).toMatchObject({ status: "running", lockedBy: "w", lastError: null, finishedAt: null });
    expect(await marks(db)).toEqual([]);
  });

  itOnPostgres("keeps onFailed's writes invisible to others until the failure commits", async () => {
    const job = await held();
    let outside: string | undefined;
    const definition = testJob({
      run: async () => {
        throw permanent();
      },
      onFailed: async (tx) => {
        await mark(tx, "refund");
        outside = await statusIn(db, job.id);
      },
    });
    expect(await runJob(db, job, definition, { leaseMs: LEASE, stopping: notStopping() })).toBe("failed");
    expect(outside).toBe("running");
    expect(await marks(db)).toEqual(["refund"]);
  });
});
