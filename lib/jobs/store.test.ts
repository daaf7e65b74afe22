import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { jobs, transcriptions } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import {
  cancelById,
  cancelOpen,
  claim,
  complete,
  insertJob,
  fail,
  lockJob,
  release,
  removeExpired,
  renew,
  requeueEnded,
  retry,
  takeTurn,
  type HeldJob,
} from "./store";

const LEASE = 30_000;

async function rowOf(db: Database, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** A queued mail job, created `agoS` seconds ago (claim order counts from created_at). */
async function mail(db: Database, options: { priority?: number; agoS?: number; payload?: unknown; transcriptionId?: string } = {}) {
  const id = (await insertJob(db, { kind: "mail", payload: options.payload ?? { to: "a@example.com" }, priority: options.priority, transcriptionId: options.transcriptionId }))!;
  if (options.agoS) await db.update(jobs).set({ createdAt: sql`now() - make_interval(secs => ${options.agoS})` }).where(eq(jobs.id, id));
  return id;
}

async function insertTranscription(db: Database, userId: string) {
  const id = randomUUID();
  await db.insert(transcriptions).values({
    id, userId, title: "t", durationS: 60, reservedSeconds: 60, usagePeriodStart: new Date("2026-11-01T00:00:00Z"),
    audioKey: `${userId}/${id}`, originalFilename: "t.wav", contentType: "audio/wav", sizeBytes: 1,
  });
  return id;
}

/** Lets a held job's lease run out, as when its worker died. */
const lapse = (db: Database, id: string) => db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));

describe.each(BACKENDS)("job store on %s", (name, open) => {
  const itOnPostgres = name === "PostgreSQL" ? it : it.skip;
  const t = useOpenedDatabase(open);
  let db: Database;
  beforeAll(() => {
    db = t.db;
  });
  beforeEach(async () => {
    await db.delete(jobs);
  });

  it("claims higher priority first, then the oldest", async () => {
    const young = await mail(db, { agoS: 10 });
    const old = await mail(db, { agoS: 30 });
    const urgent = await mail(db, { priority: 5 });
    const middle = await mail(db, { agoS: 20 });
    const order: Array<string | undefined> = [];
    for (let i = 0; i < 4; i++) order.push((await claim(db, "w", ["mail"], LEASE))?.id);
    expect(order).toEqual([urgent, old, middle, young]);
    expect(await claim(db, "w", ["mail"], LEASE)).toBeNull();
  });

  describe("accounts take turns", () => {
    /** A queued job of `account`'s, created `agoS` seconds ago. */
    const queued = async (account: string, agoS = 0, priority = 0) => {
      const id = (await insertJob(db, { kind: "mail", account, priority, payload: { to: account } }))!;
      await db.update(jobs).set({ createdAt: sql`now() - make_interval(secs => ${agoS})` }).where(eq(jobs.id, id));
      return id;
    };
    const claimAll = async (turns = {}) => {
      const order: string[] = [];
      for (let job = await claim(db, "w", ["mail"], LEASE, turns); job; job = await claim(db, "w", ["mail"], LEASE, turns)) {
        order.push(job.account);
        await complete(db, job);
      }
      return order;
    };
    beforeEach(async () => {
      await db.execute(sql`delete from queue_turns`);
    });

    it("serves an account that queued one job after another queued twelve next, not after all twelve", async () => {
      for (let i = 0; i < 12; i++) await queued("a", 60 - i);
      const first = (await claim(db, "w", ["mail"], LEASE, { lane: "mail" }))!;
      expect(first.account).toBe("a");
      await queued("b");
      const second = (await claim(db, "w", ["mail"], LEASE, { lane: "mail" }))!;
      expect(second.account).toBe("b");
    });

    it("goes round the accounts that wait, oldest turn first, and a higher priority never starves the others", async () => {
      for (let i = 0; i < 3; i++) await queued("paid", 50 - i, 5);
      for (let i = 0; i < 3; i++) await queued("free", 40 - i);
      for (let i = 0; i < 2; i++) await queued("team", 30 - i);
      expect(await claimAll({ lane: "mail" })).toEqual(["paid", "free", "team", "paid", "free", "team", "paid", "free"]);
    });

    it("keeps turns per lane: a turn in one lane does not count in another", async () => {
      await queued("a", 20);
      await queued("b", 10);
      await takeTurn(db, "other lane", "a");
      expect((await claim(db, "w", ["mail"], LEASE, { lane: "mail" }))!.account).toBe("a");
    });

    it("runs at most `perAccount` of one account's jobs at once, whatever its backlog", async () => {
      for (let i = 0; i < 5; i++) await queued("busy", 30 - i);
      const held = [];
      for (let i = 0; i < 5; i++) held.push(await claim(db, `w${i}`, ["mail"], LEASE, { lane: "mail", perAccount: 2 }));
      expect(held.filter(Boolean)).toHaveLength(2);
      await queued("other");
      expect((await claim(db, "w9", ["mail"], LEASE, { lane: "mail", perAccount: 2 }))!.account).toBe("other");
      await complete(db, held[0]!);
      expect((await claim(db, "w9", ["mail"], LEASE, { lane: "mail", perAccount: 2 }))!.account).toBe("busy");
    });

    it("offers a long job's turn only to an account served longer ago than the job's own", async () => {
      await queued("long", 60);
      const long = (await claim(db, "w", ["mail"], LEASE, { lane: "mail" }))!;
      await queued("long", 50);
      expect(await claim(db, "w", ["mail"], LEASE, { lane: "mail", fairerThan: ["long"] })).toBeNull();
      await queued("short", 40);
      // A piece of the long job taken since counts as its turn; the short one waits no longer.
      await takeTurn(db, "mail", "long");
      const offered = (await claim(db, "w", ["mail"], LEASE, { lane: "mail", fairerThan: [long.account] }))!;
      expect(offered.account).toBe("short");
      await queued("short", 30);
      expect(await claim(db, "w", ["mail"], LEASE, { lane: "mail", fairerThan: ["long"] })).toBeNull();
    });
  });

  it("claims only the kinds asked for, and hands back the held job's fields", async () => {
    const user = await insertUser(db);
    const formatId = (await insertJob(db, { kind: "format", userId: user, payload: { style: "x" }, maxAttempts: 2 }))!;
    const mailId = await mail(db, { payload: { to: "b@example.com" } });
    expect(await claim(db, "w", ["live", "transcribe"], LEASE)).toBeNull();
    const held = await claim(db, "w1", ["format"], LEASE);
    expect(held).toEqual({ id: formatId, kind: "format", transcriptionId: null, userId: user, account: user, payload: { style: "x" }, attempts: 1, maxAttempts: 2, workerId: "w1" });
    expect((await claim(db, "w1", ["mail", "format"], LEASE))?.id).toBe(mailId);
  });

  it("marks a claimed job running under the holder's lease, counting the attempt", async () => {
    const id = await mail(db);
    const before = Date.now();
    await claim(db, "w1", ["mail"], LEASE);
    const row = await rowOf(db, id);
    expect(row).toMatchObject({ status: "running", lockedBy: "w1", attempts: 1 });
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(before + LEASE - 2000);
    expect(row.lockedUntil!.getTime()).toBeLessThan(Date.now() + LEASE + 2000);
    expect(row.startedAt).not.toBeNull();
    expect(row.finishedAt).toBeNull();
  });

  it("does not hand out a job before its run_after", async () => {
    const id = await mail(db);
    await db.update(jobs).set({ runAfter: sql`now() + interval '1 minute'` }).where(eq(jobs.id, id));
    expect(await claim(db, "w", ["mail"], LEASE)).toBeNull();
    await db.update(jobs).set({ runAfter: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));
    expect((await claim(db, "w", ["mail"], LEASE))?.id).toBe(id);
  });

  it("never hands one job to two claims at once", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 8; i++) ids.add(await mail(db));
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => claim(db, `w${i}`, ["mail"], LEASE)));
    const taken = claims.filter((c): c is HeldJob => c !== null).map((c) => c.id);
    expect(taken).toHaveLength(8);
    expect(new Set(taken)).toEqual(ids);
    const rows = await db.select().from(jobs);
    expect(rows.every((r) => r.status === "running" && r.attempts === 1)).toBe(true);
  });

  itOnPostgres("skips a job whose row another transaction holds, without waiting for it", async () => {
    const first = await mail(db, { agoS: 10 });
    const second = await mail(db);
    let unlock!: () => void;
    const held = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      expect((await lockJob(tx, first))?.status).toBe("queued");
      locked();
      await held;
    });
    await isLocked;
    try {
      const began = Date.now();
      expect((await claim(db, "w", ["mail"], LEASE))?.id).toBe(second);
      expect(await claim(db, "w", ["mail"], LEASE)).toBeNull();
      expect(Date.now() - began).toBeLessThan(2000);
    } finally {
      unlock();
      await holder;
    }
    expect((await claim(db, "w", ["mail"], LEASE))?.id).toBe(first);
  });

  it("gives a job whose lease ran out to another worker, and refuses every write of the old holder", async () => {
    const id = await mail(db);
    const old = (await claim(db, "dead", ["mail"], LEASE))!;
    expect(await claim(db, "other", ["mail"], LEASE)).toBeNull(); // the lease still holds
    const startedAt = (await rowOf(db, id)).startedAt;
    await lapse(db, id);
    const taken = (await claim(db, "other", ["mail"], LEASE))!;
    expect(taken).toMatchObject({ id, attempts: 2, workerId: "other" });
    const row = await rowOf(db, id);
    expect(row.startedAt).toEqual(startedAt); // first taken, not last

    expect(await renew(db, old, LEASE)).toBe(false);
    expect(await complete(db, old)).toBe(false);
    expect(await fail(db, old, "stale failure")).toBe(false);
    expect(await retry(db, old, "stale retry", 1000)).toBe(false);
    expect(await release(db, old)).toBe(false);
    expect(await rowOf(db, id)).toEqual(row);

    expect(await renew(db, taken, LEASE)).toBe(true);
    expect(await complete(db, taken)).toBe(true);
    expect(await rowOf(db, id)).toMatchObject({ status: "done", lockedBy: null });
  });

  it("renews the holder's lease", async () => {
    const id = await mail(db);
    const held = (await claim(db, "w", ["mail"], 1000))!;
    const before = (await rowOf(db, id)).lockedUntil!.getTime();
    expect(await renew(db, held, 60_000)).toBe(true);
    const after = (await rowOf(db, id)).lockedUntil!.getTime();
    expect(after).toBeGreaterThan(before + 50_000);
    await lapse(db, id);
    expect(await claim(db, "other", ["mail"], LEASE)).not.toBeNull();
    expect(await renew(db, held, 60_000)).toBe(false);
  });

  it("completes a job, keeping its payload unless asked to drop it", async () => {
    const kept = await mail(db, { agoS: 10, payload: { to: "kept@example.com" } });
    const dropped = await mail(db, { payload: { link: "secret" } });
    const a = (await claim(db, "w", ["mail"], LEASE))!;
    const b = (await claim(db, "w", ["mail"], LEASE))!;
    expect(await complete(db, a)).toBe(true);
    expect(await complete(db, b, { dropPayload: true })).toBe(true);
    const keptRow = await rowOf(db, kept);
    expect(keptRow).toMatchObject({ status: "done", payload: { to: "kept@example.com" }, lockedBy: null, lockedUntil: null, lastError: null });
    expect(keptRow.finishedAt).not.toBeNull();
    expect(await rowOf(db, dropped)).toMatchObject({ status: "done", payload: null });
    expect(await complete(db, a)).toBe(false); // ends once
  });

  it("clears an earlier attempt's error when the job completes", async () => {
    const id = await mail(db);
    await retry(db, (await claim(db, "w", ["mail"], LEASE))!, "first try failed", 0);
    expect(await complete(db, (await claim(db, "w", ["mail"], LEASE))!)).toBe(true);
    expect(await rowOf(db, id)).toMatchObject({ status: "done", lastError: null, attempts: 2 });
  });

  it("fails a job for good, keeping the reason and when it ended", async () => {
    const id = await mail(db);
    const held = (await claim(db, "w", ["mail"], LEASE))!;
    expect(await fail(db, held, "The address does not exist.")).toBe(true);
    const row = await rowOf(db, id);
    expect(row).toMatchObject({ status: "failed", lastError: "The address does not exist.", lockedBy: null, lockedUntil: null, attempts: 1 });
    expect(row.finishedAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect(await claim(db, "w", ["mail"], LEASE)).toBeNull();
  });

  it("puts a job back after its backoff, the attempt counted", async () => {
    const id = await mail(db);
    const held = (await claim(db, "w", ["mail"], LEASE))!;
    expect(await retry(db, held, "The mail server answered 451.", 20_000)).toBe(true);
    const row = await rowOf(db, id);
    expect(row).toMatchObject({ status: "queued", lastError: "The mail server answered 451.", attempts: 1, lockedBy: null, lockedUntil: null, finishedAt: null });
    expect(row.runAfter.getTime()).toBeGreaterThan(Date.now() + 18_000);
    expect(row.runAfter.getTime()).toBeLessThan(Date.now() + 22_000);
    expect(await claim(db, "w", ["mail"], LEASE)).toBeNull();
    await db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.id, id));
    expect(await claim(db, "w", ["mail"], LEASE)).toMatchObject({ id, attempts: 2 });
  });

  it("releases a job at once without counting the attempt", async () => {
    const id = await mail(db);
    const held = (await claim(db, "w", ["mail"], LEASE))!;
    expect(held.attempts).toBe(1);
    expect(await release(db, held)).toBe(true);
    expect(await rowOf(db, id)).toMatchObject({ status: "queued", attempts: 0, lockedBy: null, lockedUntil: null });
    expect(await claim(db, "other", ["mail"], LEASE)).toMatchObject({ id, attempts: 1 });
  });

  it("cancels the open jobs of a kind for one transcription only, and their holders notice", async () => {
    const user = await insertUser(db);
    const file = await insertTranscription(db, user);
    const otherFile = await insertTranscription(db, user);
    const running = await mail(db, { transcriptionId: file, agoS: 30 });
    const queued = await mail(db, { transcriptionId: file });
    const done = await mail(db, { transcriptionId: file, agoS: 40 });
    const other = await mail(db, { transcriptionId: otherFile });
    const transcribe = (await insertJob(db, { kind: "transcribe", transcriptionId: file }))!;
    expect(await complete(db, (await claim(db, "w", ["mail"], LEASE))!)).toBe(true); // `done`, the oldest
    const held = (await claim(db, "w", ["mail"], LEASE))!;
    expect(held.id).toBe(running);

    expect(await cancelOpen(db, "mail", file)).toBe(2);
    const statuses = Object.fromEntries((await db.select().from(jobs)).map((r) => [r.id, r.status]));
    expect(statuses).toEqual({ [running]: "canceled", [queued]: "canceled", [done]: "done", [other]: "queued", [transcribe]: "queued" });
    const canceled = await rowOf(db, running);
    expect(canceled).toMatchObject({ lockedBy: null, lockedUntil: null });
    expect(canceled.finishedAt).not.toBeNull();
    expect(await renew(db, held, LEASE)).toBe(false);
    expect(await complete(db, held)).toBe(false);
    expect((await rowOf(db, running)).status).toBe("canceled");
    expect(await cancelOpen(db, "mail", file)).toBe(0);
  });

  it("refuses a second transcription of a file and a second open formatting of a user", async () => {
    const user = await insertUser(db);
    const file = await insertTranscription(db, user);
    expect(await insertJob(db, { kind: "transcribe", transcriptionId: file })).not.toBeNull();
    expect(await insertJob(db, { kind: "transcribe", transcriptionId: file })).toBeNull();
    const format = await insertJob(db, { kind: "format", userId: user });
    expect(format).not.toBeNull();
    expect(await insertJob(db, { kind: "format", userId: user })).toBeNull();
    expect(await complete(db, (await claim(db, "w", ["format"], LEASE))!)).toBe(true);
    expect(await insertJob(db, { kind: "format", userId: user })).not.toBeNull(); // the first one ended
  });

  it("requeues only failed and canceled jobs, with their attempts reset", async () => {
    const failed = await mail(db, { agoS: 40 });
    const canceled = await mail(db, { agoS: 30 });
    const done = await mail(db, { agoS: 20 });
    const running = await mail(db, { agoS: 10 });
    const queued = await mail(db);
    expect(await fail(db, (await claim(db, "w", ["mail"], LEASE))!, "gone")).toBe(true);
    await claim(db, "w", ["mail"], LEASE);
    expect(await db.transaction((tx) => cancelById(tx, canceled))).toBe(true);
    expect(await complete(db, (await claim(db, "w", ["mail"], LEASE))!)).toBe(true);
    await claim(db, "w", ["mail"], LEASE);

    const requeued = await db.transaction(async (tx) => {
      const answers = [];
      for (const id of [failed, canceled, done, running, queued]) answers.push(await requeueEnded(tx, id));
      return answers;
    });
    expect(requeued).toEqual([true, true, false, false, false]);
    for (const id of [failed, canceled]) {
      expect(await rowOf(db, id)).toMatchObject({ status: "queued", attempts: 0, finishedAt: null, lockedBy: null, lockedUntil: null });
    }
    expect((await rowOf(db, done)).status).toBe("done");
    expect(await rowOf(db, running)).toMatchObject({ status: "running", lockedBy: "w" });
    // Requeued in its old place (oldest first), as a first attempt.
    const order = [];
    for (let i = 0; i < 3; i++) order.push(await claim(db, "w", ["mail"], LEASE));
    expect(order.map((j) => [j?.id, j?.attempts])).toEqual([[failed, 1], [canceled, 1], [queued, 1]]);
  });

  it("cancels one open job by id, whoever holds it", async () => {
    const id = await mail(db);
    const held = (await claim(db, "w", ["mail"], LEASE))!;
    expect(await db.transaction((tx) => cancelById(tx, id))).toBe(true);
    expect((await rowOf(db, id)).status).toBe("canceled");
    expect(await db.transaction((tx) => cancelById(tx, id))).toBe(false);
    expect(await complete(db, held)).toBe(false);
    expect(await db.transaction((tx) => cancelById(tx, randomUUID()))).toBe(false);
  });

  it("locks a job by id and reads it", async () => {
    const id = await mail(db, { payload: { to: "x@example.com" } });
    const row = await db.transaction((tx) => lockJob(tx, id));
    expect(row).toEqual({ id, kind: "mail", status: "queued", transcriptionId: null, userId: null, payload: { to: "x@example.com" }, attempts: 0, maxAttempts: 4, lastError: null });
    expect(await db.transaction((tx) => lockJob(tx, randomUUID()))).toBeNull();
  });

  it("removes ended jobs after their retention, dead letters after theirs", async () => {
    const ids: Record<string, string> = {};
    const ended = async (key: string, end: (held: HeldJob) => Promise<boolean>, daysAgo: number) => {
      ids[key] = await mail(db);
      expect(await end((await claim(db, "w", ["mail"], LEASE))!)).toBe(true);
      await db.update(jobs).set({ finishedAt: sql`now() - make_interval(days => ${daysAgo})` }).where(eq(jobs.id, ids[key]));
    };
    const cancel = (held: HeldJob) => db.transaction((tx) => cancelById(tx, held.id));
    await ended("doneRecent", (h) => complete(db, h), 6);
    await ended("doneOld", (h) => complete(db, h), 8);
    await ended("canceledRecent", cancel, 6);
    await ended("canceledOld", cancel, 8);
    await ended("failedRecent", (h) => fail(db, h, "x"), 29);
    await ended("failedPastKeep", (h) => fail(db, h, "x"), 8);
    await ended("failedOld", (h) => fail(db, h, "x"), 31);
    ids.queuedOld = await mail(db, { agoS: 100 * 86_400 });
    ids.runningOld = await mail(db, { agoS: 101 * 86_400 });
    await claim(db, "w", ["mail"], LEASE);

    expect(await removeExpired(db, 7, 30)).toBe(3);
    const left = new Set((await db.select({ id: jobs.id }).from(jobs)).map((r) => r.id));
    const keys = Object.keys(ids).filter((k) => left.has(ids[k]));
    expect(keys.sort()).toEqual(["canceledRecent", "doneRecent", "failedPastKeep", "failedRecent", "queuedOld", "runningOld"]);
    expect(await removeExpired(db, 7, 30)).toBe(0);
  });
});
