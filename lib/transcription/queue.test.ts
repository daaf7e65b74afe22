import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { reserveSeconds } from "@/lib/billing/usage";
import type { Database } from "@/lib/db/client";
import { jobs, transcriptSegments, transcriptions, usage } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { exponentialBackoff } from "@/lib/jobs/definition";
import { cancelTranscription, completeTranscription } from "./queue";
import { queueTranscription } from "./transcribe-queue";
import { depthByKind } from "@/lib/jobs/queue-depth";
import { claimTranscription, runHeld, failHeld } from "@/test/support/jobs";
import { cancelJob, retryJob } from "@/lib/jobs/operator";
import { definitionOf } from "@/lib/worker/job-registry";

async function queuedTranscription(db: Database, userId: string, priority = 0, reserved = 60) {
  const id = randomUUID();
  const periodStart = new Date("2026-11-01T00:00:00Z");
  await db.insert(transcriptions).values({
    id, userId, title: "t", durationS: reserved, reservedSeconds: reserved, usagePeriodStart: periodStart,
    audioKey: `${userId}/${id}`, originalFilename: "t.wav", contentType: "audio/wav", sizeBytes: 1,
  });
  await reserveSeconds(db, userId, periodStart, reserved, null);
  await queueTranscription(db, id, priority, userId);
  return id;
}

const transcript = { engine: "sphinx", segments: [{ startMs: 0, endMs: 1000, text: "hello" }] };

describe.each(BACKENDS)("queue on %s", (_name, open) => {
  let t: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    t = await open();
    db = t.handle.db;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await db.delete(jobs);
  });

  it("hands out higher priority first, then oldest first", async () => {
    const user = await insertUser(db);
    const free1 = await queuedTranscription(db, user, 0);
    const premium = await queuedTranscription(db, user, 2);
    const pro = await queuedTranscription(db, user, 1);
    const order = [];
    for (let i = 0; i < 3; i++) order.push((await claimTranscription(db, "w", 30_000))?.transcriptionId);
    expect(order).toEqual([premium, pro, free1]);
    expect(await claimTranscription(db, "w", 30_000)).toBeNull();
    expect((await depthByKind(db)).transcribe).toEqual({ queued: 0, running: 3, oldest_queued_s: 0 });
  });

  it("gives a job whose worker died to another worker, and completes it exactly once", async () => {
    const user = await insertUser(db);
    const id = await queuedTranscription(db, user);
    const first = await claimTranscription(db, "dead-worker", 30_000);
    expect(await claimTranscription(db, "other", 30_000)).toBeNull(); // lease still held
    await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, first!.id));
    const second = await claimTranscription(db, "other", 30_000);
    expect(second).toMatchObject({ id: first!.id, attempts: 2 });
    expect(await completeTranscription(db, second!, second!.transcriptionId!, transcript)).toBe(true);
    // The first worker wakes up late: its result is refused.
    expect(await completeTranscription(db, first!, first!.transcriptionId!, { ...transcript, segments: [{ startMs: 0, endMs: 1, text: "stale" }] })).toBe(false);
    const segments = await db.select().from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, id));
    expect(segments.map((s) => s.text)).toEqual(["hello"]);
  });

  it("retries transient errors with backoff, then fails with the reason and refunds the time", async () => {
    const user = await insertUser(db);
    const id = await queuedTranscription(db, user, 0, 120);
    await db.update(jobs).set({ maxAttempts: 2 }).where(eq(jobs.transcriptionId, id));
    const a1 = await claimTranscription(db, "w", 30_000);
    expect(await failHeld(db, a1!, "The speech API answered 503", true)).toBe("retry");
    const [queued] = await db.select().from(jobs).where(eq(jobs.transcriptionId, id));
    expect(queued.status).toBe("queued");
    expect(queued.runAfter.getTime()).toBeGreaterThan(Date.now() + exponentialBackoff(1) - 2000);
    expect(await claimTranscription(db, "w", 30_000)).toBeNull(); // not before its time
    await db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.transcriptionId, id));
    const a2 = await claimTranscription(db, "w", 30_000);
    expect(await failHeld(db, a2!, "The speech API answered 503", true)).toBe("failed");
    const [failed] = await db.select().from(transcriptions).where(eq(transcriptions.id, id));
    expect(failed).toMatchObject({ status: "failed", error: "The speech API answered 503" });
    const [used] = await db.select().from(usage).where(eq(usage.userId, user));
    expect(used.secondsUsed).toBe(0);
  });

  it("fails permanent errors at once", async () => {
    const user = await insertUser(db);
    const id = await queuedTranscription(db, user);
    const job = await claimTranscription(db, "w", 30_000);
    expect(await failHeld(db, job!, "The whisper model is missing", false)).toBe("failed");
    expect((await db.select().from(transcriptions).where(eq(transcriptions.id, id)))[0].status).toBe("failed");
  });

  it("cancels queued and running work, refunds it, and only for its owner", async () => {
    const owner = await insertUser(db);
    const stranger = await insertUser(db);
    const id = await queuedTranscription(db, owner, 0, 90);
    const job = await claimTranscription(db, "w", 30_000);
    expect(await cancelTranscription(db, id, stranger)).toBe(false);
    expect(await cancelTranscription(db, id, owner)).toBe(true);
    expect(await completeTranscription(db, job!, job!.transcriptionId!, transcript)).toBe(false);
    expect((await db.select().from(transcriptions).where(eq(transcriptions.id, id)))[0].status).toBe("canceled");
    expect((await db.select().from(usage).where(eq(usage.userId, owner)))[0].secondsUsed).toBe(0);
  });

  it("a second cancel refunds nothing, and a worker that claimed the job does not revive it", async () => {
    const owner = await insertUser(db);
    const id = await queuedTranscription(db, owner, 0, 90);
    await reserveSeconds(db, owner, new Date("2026-11-01T00:00:00Z"), 10, null); // other usage
    const job = await claimTranscription(db, "w", 30_000);
    expect(await cancelTranscription(db, id, owner)).toBe(true);
    expect(await cancelTranscription(db, id, owner)).toBe(false);
    expect(await runHeld(db, job!)).toBe("lost");
    expect((await db.select().from(transcriptions).where(eq(transcriptions.id, id)))[0].status).toBe("canceled");
    expect((await db.select().from(usage).where(eq(usage.userId, owner)))[0].secondsUsed).toBe(10);
  });

  it("an operator's cancel stops a running file and refunds it; an operator's retry of a failed one queues it at no charge and it completes", async () => {
    const owner = await insertUser(db);
    const id = await queuedTranscription(db, owner, 0, 90);
    const job = await claimTranscription(db, "w");
    const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.transcriptionId, id));
    await cancelJob(db, row.id, definitionOf);
    expect(await completeTranscription(db, job!, id, transcript)).toBe(false);
    expect((await db.select().from(transcriptions).where(eq(transcriptions.id, id)))[0].status).toBe("canceled");
    expect((await db.select().from(usage).where(eq(usage.userId, owner)))[0].secondsUsed).toBe(0);

    const failing = await queuedTranscription(db, owner, 0, 30);
    const held = await claimTranscription(db, "w");
    expect(await failHeld(db, held!, "The whisper model is missing", false)).toBe("failed");
    const [failedJob] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.transcriptionId, failing));
    await retryJob(db, failedJob.id, definitionOf);
    expect((await db.select().from(transcriptions).where(eq(transcriptions.id, failing)))[0]).toMatchObject({ status: "queued", error: null, reservedSeconds: 30 });
    // Reserved again, as on upload.
    expect((await db.select().from(usage).where(eq(usage.userId, owner)))[0].secondsUsed).toBe(30);
    const again = await claimTranscription(db, "w2");
    expect(again).toMatchObject({ id: failedJob.id, attempts: 1 });
    expect(await completeTranscription(db, again!, failing, transcript)).toBe(true);
    expect((await db.select().from(transcriptions).where(eq(transcriptions.id, failing)))[0].status).toBe("done");
    expect((await db.select().from(usage).where(eq(usage.userId, owner)))[0].secondsUsed).toBe(30);
    // A transcription that is no longer failed is not queued again, nor one its user canceled.
    await expect(retryJob(db, failedJob.id, definitionOf)).rejects.toMatchObject({ kind: "conflict" });
    await expect(retryJob(db, row.id, definitionOf)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("10 parallel reservations against a small remainder never overspend", async () => {
    const user = await insertUser(db);
    const e = await entitlementsFor(db, user);
    const limit = e.secondsPerPeriod!;
    await reserveSeconds(db, user, e.period.start, limit - 250, limit); // 250 s left
    const results = await Promise.all(
      Array.from({ length: 10 }, () => reserveSeconds(db, user, e.period.start, 60, limit)),
    );
    expect(results.filter(Boolean)).toHaveLength(4);
    const [row] = await db.select().from(usage).where(eq(usage.userId, user));
    expect(row.secondsUsed).toBe(limit - 10);
  });
});
