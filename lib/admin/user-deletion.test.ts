import { randomUUID } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { STRIPE_NEEDED_FOR_REMOVAL, demoBilling } from "@/lib/billing/demo/demo-provider";
import { stripeBilling } from "@/lib/billing/stripe/stripe-provider";
import { subscription } from "@/test/support/stripe-fixtures";
import { closeStripeStandIns, startStripeStandIn, stripeError } from "@/test/support/stripe-stand-in";
import type { Database } from "@/lib/db/client";
import {
  auditLog,
  billingEvents,
  jobs,
  sessions,
  subscriptions,
  transcriptSegments,
  transcriptionStyles,
  transcriptions,
  usage,
  userAvatars,
  users,
} from "@/lib/db/schema";
import { audioStore } from "@/lib/storage/audio-store";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { CANNOT_DELETE_SELF, deleteUserAsOperator } from "./user-deletion";

afterEach(closeStripeStandIns);

/** A user with everything an account accumulates: audio on disk, a Stripe subscription, history. */
async function userWithData(db: Database, stripeSubscriptionId: string | null, provider: "stripe" | "demo" = "stripe") {
  const userId = await insertUser(db);
  const transcriptionId = await insertDoneTranscription(db, userId, [{ startMs: 0, endMs: 1000, text: "hello" }]);
  const [t] = await db.select().from(transcriptions).where(eq(transcriptions.id, transcriptionId));
  const upload = path.join(await mkdtemp(path.join(os.tmpdir(), "verbatim-upload-")), "original");
  await writeFile(upload, "audio bytes");
  await audioStore().putFile(`${t.audioKey}/original`, upload, "audio/mpeg");
  await db.insert(jobs).values({ id: randomUUID(), transcriptionId, status: "done" });
  await db.insert(subscriptions).values({ id: randomUUID(), userId, planId: "pro", status: "active", billingInterval: "monthly", provider, stripeSubscriptionId });
  await db.insert(billingEvents).values({ id: randomUUID(), userId, eventType: "subscription_created", planId: "pro" });
  await db.insert(usage).values({ userId, periodStart: new Date("2026-11-01"), secondsUsed: 60 });
  await db.insert(sessions).values({ id: randomUUID(), token: randomUUID(), userId, expiresAt: new Date(Date.now() + 3600_000) });
  await db.insert(transcriptionStyles).values({ id: randomUUID(), userId, name: "Minutes", instructions: "Write minutes." });
  await db.insert(userAvatars).values({ userId, contentType: "image/png", data: Buffer.from([1, 2, 3]) });
  return { userId, audio: `${t.audioKey}/original`, transcriptionId };
}

const stored = async (key: string) => (await audioStore().size(key)) !== null;

async function leftovers(db: Database, userId: string, transcriptionId: string) {
  const rows = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)),
    db.select().from(sessions).where(eq(sessions.userId, userId)),
    db.select().from(transcriptions).where(eq(transcriptions.userId, userId)),
    db.select().from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, transcriptionId)),
    db.select().from(jobs).where(eq(jobs.transcriptionId, transcriptionId)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    db.select().from(billingEvents).where(eq(billingEvents.userId, userId)),
    db.select().from(usage).where(eq(usage.userId, userId)),
    db.select().from(transcriptionStyles).where(eq(transcriptionStyles.userId, userId)),
    db.select().from(userAvatars).where(eq(userAvatars.userId, userId)),
  ]);
  return rows.map((r) => r.length);
}

describe.each(BACKENDS)("deleteUserAsOperator on %s", (_name, open) => {
  useTestEnv();
  let t: TestDatabase;
  let operator: { id: string; email: string };
  beforeAll(async () => {
    t = await open();
    operator = { id: await insertUser(t.handle.db), email: "ops1@verbatim.test" };
  });
  afterAll(async () => {
    await t?.close();
  });

  it("cancels the Stripe subscription, then removes every row, the audio and the sessions; the audit keeps who it was", async () => {
    const { db } = t.handle;
    const standIn = await startStripeStandIn();
    standIn.on("DELETE /v1/subscriptions/:id", (_req, { id }) => ({ json: subscription({ id, status: "canceled" }) }));
    const other = await userWithData(db, null, "demo");
    const stripeId = `sub_${randomUUID().slice(0, 8)}`;
    const victim = await userWithData(db, stripeId);
    const [row] = await db.select().from(users).where(eq(users.id, victim.userId));

    const deleted = await deleteUserAsOperator(db, operator, victim.userId, stripeBilling(standIn.stripe(), "http://app.test"));

    expect(deleted).toEqual({ id: victim.userId, name: row.name, email: row.email });
    expect(standIn.calls()).toEqual([`DELETE /v1/subscriptions/${stripeId}`]);
    expect(standIn.requests[0].query).toMatchObject({ prorate: "true", invoice_now: "false" });
    expect(await leftovers(db, victim.userId, victim.transcriptionId)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await stored(victim.audio)).toBe(false);

    // Nobody else's data is touched.
    expect(await leftovers(db, other.userId, other.transcriptionId)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(await stored(other.audio)).toBe(true);

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, victim.userId));
    expect(entry).toMatchObject({
      actorId: operator.id,
      actorEmail: operator.email,
      action: "user.deleted",
      after: null,
      before: { email: row.email, transcriptions: 1, subscriptions: 1, billing_events: 1 },
    });
  });

  it("a demo subscription needs no Stripe: deleted without any provider call", async () => {
    const { db } = t.handle;
    const victim = await userWithData(db, null, "demo");
    await expect(deleteUserAsOperator(db, operator, victim.userId, demoBilling)).resolves.toMatchObject({ id: victim.userId });
    expect(await leftovers(db, victim.userId, victim.transcriptionId)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("when Stripe refuses the cancel, nothing is deleted and the operator is told why", async () => {
    const { db } = t.handle;
    const standIn = await startStripeStandIn();
    standIn.on("DELETE /v1/subscriptions/:id", stripeError(500));
    const victim = await userWithData(db, "sub_refused");

    await expect(deleteUserAsOperator(db, operator, victim.userId, stripeBilling(standIn.stripe(), "http://app.test"))).rejects.toMatchObject({
      kind: "provider_failed",
      message: "The payment provider could not cancel the subscription. Try again in a minute.",
    });
    expect(await leftovers(db, victim.userId, victim.transcriptionId)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(await stored(victim.audio)).toBe(true);
    expect(await db.select().from(auditLog).where(eq(auditLog.targetId, victim.userId))).toEqual([]);
  });

  it("a Stripe subscription without a Stripe key on the server is a 503, not an orphaned charge", async () => {
    const { db } = t.handle;
    const victim = await userWithData(db, "sub_nokey");
    await expect(deleteUserAsOperator(db, operator, victim.userId, demoBilling)).rejects.toMatchObject({ kind: "unavailable", message: STRIPE_NEEDED_FOR_REMOVAL });
    expect((await leftovers(db, victim.userId, victim.transcriptionId))[0]).toBe(1);
  });

  it("an operator cannot delete their own account; an unknown id is a 404", async () => {
    const { db } = t.handle;
    await expect(deleteUserAsOperator(db, operator, operator.id, demoBilling)).rejects.toMatchObject({ kind: "invalid", message: CANNOT_DELETE_SELF });
    expect(await db.select().from(users).where(eq(users.id, operator.id))).toHaveLength(1);
    await expect(deleteUserAsOperator(db, operator, "no-such-user", demoBilling)).rejects.toMatchObject({ kind: "not_found", message: "User not found." });
  });
});
