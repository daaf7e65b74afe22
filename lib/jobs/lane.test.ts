import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { openDatabase, type Database } from "@/lib/db/client";
import { jobs, type JobKind } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { insertUser } from "@/test/support/users";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { defineJob, jobKind, type JobDefinition, type JobOutcome, type JobRun } from "./definition";
import { runLane, type Lane, type LaneOptions } from "./lane";
import { insertJob, type HeldJob } from "./store";
import { startWakeups, type Wakeups } from "./wakeups";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the lane");
    await sleep(10);
  }
}

/** A definition of `kind` whose work the test gives. */
function testJob(kind: JobKind, run: (run: JobRun<unknown>) => Promise<JobOutcome | void>, overrides: Partial<JobDefinition<unknown>> = {}): JobDefinition<unknown> {
  return {
    ...defineJob(jobKind({ kind, payload: z.unknown(), lane: "tasks", maxAttempts: 3, backoffMs: () => 200 }), {
      run,
      transient: () => true,
      reason: (error) => (error instanceof Error ? error.message : String(error)),
    }),
    ...overrides,
  };
}

/** A job of `payload.parts` parts, offering its turn before each, logging `label:part` as each ends (`partMs` long). */
function partsJob(log: string[], partMs: number): JobDefinition<unknown> {
  return testJob("transcribe", async ({ payload, yieldTurn }) => {
    const { label, parts } = payload as { label: string; parts: number };
    for (let part = 0; part < parts; part++) {
      await yieldTurn();
      log.push(`${label}:${part}`);
      if (partMs) await sleep(partMs);
    }
  });
}

const waitForAbort = (signal: AbortSignal) => new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));

describe.each(BACKENDS)("runLane on %s", (name, open) => {
  const t = useOpenedDatabase(open);
  let db: Database;
  let wakeups: Wakeups;
  beforeAll(() => {
    db = t.db;
  });
  beforeEach(async () => {
    await db.delete(jobs);
    wakeups = await startWakeups(db);
  });
  afterEach(async () => {
    await wakeups.close();
  });

  /** Runs a lane until the returned stop() (which waits for it to end). */
  function start(lane: Partial<Lane> & Pick<Lane, "kinds">, definitions: Partial<Record<JobKind, JobDefinition<unknown>>>, options: Partial<LaneOptions> = {}) {
    const stopping = new AbortController();
    const ended: Array<[string, JobOutcome]> = [];
    const started: Array<{ job: HeldJob; at: number }> = [];
    const running = runLane(
      db,
      { name: "test", concurrency: () => 1, ...lane },
      {
        workerId: "lane-worker",
        definitionOf: (kind) => definitions[kind]!,
        wakeups,
        pollMs: 10_000,
        leaseMs: 30_000,
        stopping: stopping.signal,
        onStart: (job) => started.push({ job, at: Date.now() }),
        onEnd: (job, outcome) => ended.push([job.id, outcome]),
        ...options,
      },
    );
    return {
      ended,
      started,
      running,
      async stop() {
        stopping.abort();
        await running;
      },
    };
  }

  it("never runs more jobs at once than its concurrency, and refills a freed slot without polling", async () => {
    let now = 0;
    let most = 0;
    const mail = testJob("mail", async () => {
      most = Math.max(most, ++now);
      await sleep(60);
      now--;
    });
    for (let i = 0; i < 7; i++) await insertJob(db, { kind: "mail", payload: { i } });
    const lane = start({ kinds: ["mail"], concurrency: () => 2 }, { mail });
    await until(() => lane.ended.length === 7, 5000);
    await lane.stop();
    expect(most).toBe(2);
    expect(lane.ended.every(([, outcome]) => outcome === "done")).toBe(true);
    const rows = await db.select({ status: jobs.status }).from(jobs);
    expect(rows.map((r) => r.status)).toEqual(Array(7).fill("done"));
  });

  it("runs another account's job between two parts of a long one, and the long one goes on after it", async () => {
    const log: string[] = [];
    const work = partsJob(log, 40);
    await insertJob(db, { kind: "transcribe", account: "a", payload: { label: "long", parts: 6 } });
    await insertJob(db, { kind: "transcribe", account: "a", payload: { label: "next", parts: 1 } });
    const lane = start({ kinds: ["transcribe"], interleave: true, name: "files" }, { transcribe: work });
    await until(() => log.length === 2);
    await insertJob(db, { kind: "transcribe", account: "b", payload: { label: "short", parts: 1 } });
    await until(() => lane.ended.length === 3);
    await lane.stop();
    // The short job waited for the part running when it came, not for the long job's rest; the
    // long job's account did not jump in with its own next job (its turn was the long job).
    expect(log.indexOf("short:0")).toBeGreaterThanOrEqual(2);
    expect(log.indexOf("short:0")).toBeLessThanOrEqual(3);
    expect(log.indexOf("long:5")).toBeGreaterThan(log.indexOf("short:0"));
    expect(log.at(-1)).toBe("next:0");
    expect(lane.ended.map(([, outcome]) => outcome)).toEqual(["done", "done", "done"]);
  });

  it("keeps its turn when no other account waits", async () => {
    const log: string[] = [];
    const work = partsJob(log, 0);
    await insertJob(db, { kind: "transcribe", account: "a", payload: { label: "long", parts: 3 } });
    await insertJob(db, { kind: "transcribe", account: "a", payload: { label: "next", parts: 1 } });
    const lane = start({ kinds: ["transcribe"], interleave: true, name: "files" }, { transcribe: work });
    await until(() => lane.ended.length === 2);
    await lane.stop();
    expect(log).toEqual(["long:0", "long:1", "long:2", "next:0"]);
  });

  it("takes a job queued while it waits at once, woken by the database's notification", async () => {
    const whenIdle = jest.fn(async () => false);
    const mail = testJob("mail", async () => {});
    const lane = start({ kinds: ["mail"], whenIdle }, { mail }, { pollMs: 10_000 });
    await until(() => whenIdle.mock.calls.length > 0);
    await sleep(200); // well into its 10 s wait
    // On PostgreSQL the job comes from another pool, as from a web process.
    const web = name === "PostgreSQL" ? openDatabase({ url: t.url }) : null;
    const queuedAt = Date.now();
    const id = (await insertJob(web?.db ?? db, { kind: "mail" }))!;
    await web?.close();
    await until(() => lane.ended.length === 1, 5000);
    expect(lane.started[0].job.id).toBe(id);
    expect(lane.started[0].at - queuedAt).toBeLessThan(1000);
    await lane.stop();
  });

  it("is woken by a job queued in a transaction only once it commits", async () => {
    const mail = testJob("mail", async () => {});
    const lane = start({ kinds: ["mail"] }, { mail });
    await sleep(200);
    let committedAt = 0;
    await db.transaction(async (tx) => {
      await insertJob(tx, { kind: "mail" });
      await sleep(300);
      committedAt = Date.now();
    });
    await until(() => lane.ended.length === 1, 5000);
    expect(lane.started[0].at).toBeGreaterThanOrEqual(committedAt);
    expect(lane.started[0].at - committedAt).toBeLessThan(1000);
    await lane.stop();
  });

  it("is not woken by a job of a kind it does not run", async () => {
    const user = await insertUser(db);
    let looks = 0;
    const ready = async () => {
      looks++;
      return true;
    };
    const lane = start({ kinds: ["mail"], ready }, { mail: testJob("mail", async () => {}) }, { pollMs: 10_000 });
    await sleep(200);
    const before = looks;
    await insertJob(db, { kind: "format", userId: user });
    await sleep(500);
    expect(before).toBeGreaterThan(0);
    expect(looks).toBe(before);
    await insertJob(db, { kind: "mail" });
    await until(() => lane.ended.length === 1, 5000);
    await lane.stop();
    expect(lane.started.map((s) => s.job.kind)).toEqual(["mail"]);
  });

  it("asks whenIdle for other work only when it has nothing to run, and looks again at once when it did some", async () => {
    let idleCalls = 0;
    let idleWhileRunning = 0;
    let runningNow = false;
    const whenIdle = async () => {
      idleCalls++;
      if (runningNow) idleWhileRunning++;
      return idleCalls <= 3; // did other work three times, then nothing
    };
    const mail = testJob("mail", async () => {
      runningNow = true;
      await sleep(300);
      runningNow = false;
    });
    const lane = start({ kinds: ["mail"], whenIdle }, { mail }, { pollMs: 10_000 });
    await until(() => idleCalls >= 4);
    await sleep(100);
    expect(idleCalls).toBe(4); // then waits its 10 s
    await insertJob(db, { kind: "mail" });
    await insertJob(db, { kind: "mail" });
    await until(() => lane.ended.length === 2, 5000);
    await lane.stop();
    expect(idleWhileRunning).toBe(0);
    expect(idleCalls).toBeGreaterThanOrEqual(5); // once more after the jobs
  });

  it("takes nothing while it is not ready, and takes the job once it is", async () => {
    let ready = false;
    const mail = testJob("mail", async () => {});
    const id = (await insertJob(db, { kind: "mail" }))!;
    const lane = start({ kinds: ["mail"], ready: async () => ready }, { mail }, { pollMs: 10_000 });
    await sleep(300);
    expect(lane.started).toHaveLength(0);
    ready = true;
    wakeups.poke();
    await until(() => lane.ended.length === 1, 5000);
    expect(lane.ended).toEqual([[id, "done"]]);
    await lane.stop();
  });

  it("reports each job's start and outcome", async () => {
    const done = (await insertJob(db, { kind: "mail", payload: { n: 1 }, priority: 2 }))!;
    const failed = (await insertJob(db, { kind: "mail", payload: { n: 2 }, priority: 1 }))!;
    const mail = testJob(
      "mail",
      async ({ payload }) => {
        if ((payload as { n: number }).n === 2) throw new DomainError("invalid", "no such address");
      },
      { transient: () => false },
    );
    const lane = start({ kinds: ["mail"] }, { mail });
    await until(() => lane.ended.length === 2, 5000);
    await lane.stop();
    expect(lane.started.map((s) => s.job.id)).toEqual([done, failed]);
    expect(lane.ended).toEqual([
      [done, "done"],
      [failed, "failed"],
    ]);
  });

  it("takes a retried job again after its backoff, by polling", async () => {
    let attempts = 0;
    const mail = testJob("mail", async () => {
      if (++attempts === 1) throw new DomainError("unavailable", "try later");
    });
    const id = (await insertJob(db, { kind: "mail" }))!;
    const lane = start({ kinds: ["mail"] }, { mail }, { pollMs: 300 }); // backoff 200 ms
    await until(() => lane.ended.length === 2, 5000);
    await lane.stop();
    expect(lane.ended).toEqual([
      [id, "retry"],
      [id, "done"],
    ]);
    expect((await db.select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ status: "done", attempts: 2 });
  });

  it("stops at once while it waits for work", async () => {
    const lane = start({ kinds: ["mail"] }, { mail: testJob("mail", async () => {}) }, { pollMs: 10_000 });
    await sleep(200);
    const began = Date.now();
    await lane.stop();
    expect(Date.now() - began).toBeLessThan(1000);
  });

  it("hands its running jobs back when it stops, and ends only once they have ended", async () => {
    let finished = 0;
    const mail = testJob("mail", async ({ signal }) => {
      await waitForAbort(signal);
      await sleep(100); // tidying up after the stop
      finished++;
      throw signal.reason;
    });
    const ids = [(await insertJob(db, { kind: "mail" }))!, (await insertJob(db, { kind: "mail" }))!];
    const lane = start({ kinds: ["mail"], concurrency: () => 2 }, { mail });
    await until(() => lane.started.length === 2);
    await lane.stop();
    expect(finished).toBe(2);
    expect(lane.ended.map(([, outcome]) => outcome)).toEqual(["released", "released"]);
    const rows = await db.select().from(jobs).where(inArray(jobs.id, ids));
    expect(rows.map((r) => [r.status, r.attempts, r.lockedBy])).toEqual([
      ["queued", 0, null],
      ["queued", 0, null],
    ]);
  });

  it("waits out a claim that fails and tries again", async () => {
    let fail = true;
    const mail = testJob("mail", async () => {});
    const id = (await insertJob(db, { kind: "mail" }))!;
    const lane = start(
      {
        kinds: ["mail"],
        ready: async () => {
          if (fail) throw new Error("the database is away");
          return true;
        },
      },
      { mail },
      { pollMs: 200 },
    );
    await sleep(300);
    expect(lane.started).toHaveLength(0);
    fail = false;
    await until(() => lane.ended.length === 1, 5000);
    expect(lane.ended).toEqual([[id, "done"]]);
    await lane.stop();
  });
});
