import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { auditLog, jobs, sessions, transcriptions, usage } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { UserPatchBody } from "@/lib/api/contract/admin";
import { CANNOT_DEACTIVATE_SELF, setActiveAsOperator } from "./user-activation";

const PERIOD = new Date("2026-11-01T00:00:00Z");

/** A transcription waiting in the queue with 120 s reserved against the user's allowance. */
async function queuedJob(db: Database, userId: string) {
  const id = await insertDoneTranscription(db, userId, []);
  await db.update(transcriptions).set({ status: "queued", progress: 0, reservedSeconds: 120, usagePeriodStart: PERIOD }).where(eq(transcriptions.id, id));
  await db.insert(jobs).values({ id: randomUUID(), transcriptionId: id });
  return id;
}

describe("the PATCH /admin/users/{id} body", () => {
  it("needs is_active as a boolean", () => {
    expect(UserPatchBody.parse({ is_active: false })).toEqual({ is_active: false });
    const result = UserPatchBody.safeParse({ is_active: "false" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("Say whether the user is active: true or false.");
  });
});

describe.each(BACKENDS)("setActiveAsOperator on %s", (_name, open) => {
  let t: TestDatabase;
  let operator: { id: string; email: string };
  beforeAll(async () => {
    t = await open();
    operator = { id: await insertUser(t.handle.db), email: "ops1@verbatim.test" };
  });
  afterAll(async () => {
    await t?.close();
  });

  it("deactivation ends the user's sessions and stops (and refunds) their queued jobs; activation lets them back", async () => {
    const { db } = t.handle;
    const userId = await insertUser(db, "pro");
    await db.insert(sessions).values({ id: randomUUID(), token: randomUUID(), userId, expiresAt: new Date(Date.now() + 3600_000) });
    await db.insert(usage).values({ userId, periodStart: PERIOD, secondsUsed: 300 });
    const queued = await queuedJob(db, userId);

    const off = await setActiveAsOperator(db, operator, userId, false);

    expect(off).toMatchObject({ id: userId, is_active: false, plan_id: "pro" });
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect((await db.select().from(transcriptions).where(eq(transcriptions.id, queued)))[0].status).toBe("canceled");
    expect((await db.select().from(jobs).where(eq(jobs.transcriptionId, queued)))[0].status).toBe("canceled");
    expect((await db.select().from(usage).where(eq(usage.userId, userId)))[0].secondsUsed).toBe(180);

    const on = await setActiveAsOperator(db, operator, userId, true);
    expect(on).toMatchObject({ is_active: true });

    const entries = await db.select().from(auditLog).where(eq(auditLog.targetId, userId));
    expect(entries.map((e) => [e.action, e.before, e.after]).sort()).toEqual([
      ["user.activated", { is_active: false }, { is_active: true }],
      ["user.deactivated", { is_active: true }, { is_active: false }],
    ]);
  });

  it("an operator cannot deactivate their own account; an unknown id is a 404", async () => {
    const { db } = t.handle;
    await expect(setActiveAsOperator(db, operator, operator.id, false)).rejects.toMatchObject({ kind: "invalid", message: CANNOT_DEACTIVATE_SELF });
    await expect(setActiveAsOperator(db, operator, "nobody", false)).rejects.toMatchObject({ kind: "not_found", message: "User not found." });
  });

  it("setting the state a user already has changes nothing and writes no audit entry", async () => {
    const { db } = t.handle;
    const userId = await insertUser(db);
    await expect(setActiveAsOperator(db, operator, userId, true)).resolves.toMatchObject({ is_active: true });
    expect(await db.select().from(auditLog).where(eq(auditLog.targetId, userId))).toEqual([]);
  });
});
