import { eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { jobs, transcriptions, webhookDeliveries, webhooks, type Webhook, type WebhookDelivery } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import type { JobDefinition } from "@/lib/jobs/definition";
import { runJob } from "@/lib/jobs/run-job";
import { claim } from "@/lib/jobs/store";
import { SUMMARY, toApiTranscription } from "@/lib/transcription/queries";
import { runNextJob } from "@/lib/worker/run-next";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertFile } from "@/test/support/job-fixtures";
import { useSmtpCatcher } from "@/test/support/smtp-catcher";
import { insertUser } from "@/test/support/users";
import { startReceiver, type Receiver } from "@/test/support/webhook-receiver";
import { toApiWebhook } from "./answers";
import { queueWebhookDeliveries, resendDelivery } from "./deliveries";
import { enableWebhook } from "./endpoint-health";
import { createWebhook, rotateWebhookSecret, updateWebhook } from "./endpoints";
import { webhookJob } from "./webhook-job";

const LEASE = 30_000;
// The delivery's own retry waits cut to nothing: what holds a delivery back here is its endpoint.
const noWaits = { ...webhookJob, backoffMs: () => 0 } as JobDefinition<unknown>;
const never = new AbortController().signal;

async function runOne(db: Database) {
  const job = await claim(db, "w-test", ["webhook"], LEASE);
  return job ? { job, outcome: await runJob(db, job, noWaits, { leaseMs: LEASE, stopping: never }) } : null;
}

async function reportEnded(db: Database, userId: string): Promise<void> {
  const id = await insertFile(db, userId);
  const [row] = await db.select(SUMMARY).from(transcriptions).where(eq(transcriptions.id, id));
  await db.transaction((tx) => queueWebhookDeliveries(tx, { event: "transcription.done", userId, workspaceId: null, transcription: toApiTranscription(row) }));
}

const endpoint = async (db: Database, id: string): Promise<Webhook> => (await db.select().from(webhooks).where(eq(webhooks.id, id)))[0];
const deliveries = (db: Database, webhookId: string): Promise<WebhookDelivery[]> =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)).orderBy(webhookDeliveries.createdAt);
const jobOf = async (db: Database, deliveryId: string) => (await db.select().from(jobs).where(sql`${jobs.payload}->>'deliveryId' = ${deliveryId}`))[0];
/** The endpoint's pause and the jobs' waits run out now (an hour passes in the test's terms). */
async function timePasses(db: Database, webhookId: string): Promise<void> {
  await db.update(webhooks).set({ pausedUntil: sql`now() - interval '1 second'` }).where(eq(webhooks.id, webhookId));
  await db.update(jobs).set({ runAfter: sql`now() - interval '1 second'` }).where(eq(jobs.kind, "webhook"));
}
const secondsFromNow = (d: Date | null) => (d!.getTime() - Date.now()) / 1000;

describe.each(BACKENDS)("a webhook endpoint's health on %s", (_name, open) => {
  useTestEnv({ WEBHOOKS_ALLOW_LOOPBACK: "true", MAIL_FROM: "Verbatim <no-reply@verbatim.test>", APP_URL: "http://localhost:3000" });
  const t = useOpenedDatabase(open);
  const smtp = useSmtpCatcher();
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  beforeEach(async () => {
    receiver.reset();
    await t.db.delete(jobs);
  });

  it("sends one delivery per endpoint at a time: the next goes back to the queue for a second, not counted as an attempt", async () => {
    const user = await insertUser(t.db);
    const hook = await createWebhook(t.db, user, null, { url: receiver.url("/one") });
    await reportEnded(t.db, user);
    await reportEnded(t.db, user);
    receiver.answer({ status: 200, delayMs: 400 });
    const first = (await claim(t.db, "w-1", ["webhook"], LEASE))!;
    const sending = runJob(t.db, first, noWaits, { leaseMs: LEASE, stopping: never });
    while (!receiver.requests.length) await new Promise((r) => setTimeout(r, 10));

    expect(await runOne(t.db)).toMatchObject({ outcome: "postponed" });
    const [, second] = await deliveries(t.db, hook.id);
    const waiting = await jobOf(t.db, second.id);
    expect(waiting).toMatchObject({ status: "queued", attempts: 0 });
    expect(secondsFromNow(waiting.runAfter)).toBeGreaterThan(0.5);
    expect(second).toMatchObject({ status: "pending", attempts: 0, attemptLog: [] });

    expect(await sending).toBe("done");
    await timePasses(t.db, hook.id);
    expect(await runOne(t.db)).toMatchObject({ outcome: "done" });
    expect(receiver.requests.map((r) => r.path)).toEqual(["/one", "/one"]);
    const both = await deliveries(t.db, hook.id);
    expect(both.map((d) => [d.status, d.attempts])).toEqual([
      ["delivered", 1],
      ["delivered", 1],
    ]);
    expect(both[1].attemptLog).toEqual([{ at: expect.any(String), outcome: "delivered", status: 200, message: null }]);
  });

  it("backs off an endpoint that keeps failing: its deliveries wait uncounted while it rests, the pause grows, a 2xx ends it", async () => {
    const user = await insertUser(t.db);
    const hook = await createWebhook(t.db, user, null, { url: receiver.url("/flaky") });
    await reportEnded(t.db, user);
    await reportEnded(t.db, user);
    receiver.answer(500, { status: 200, delayMs: 8_000 });

    expect(await runOne(t.db)).toMatchObject({ outcome: "retry" });
    let state = await endpoint(t.db, hook.id);
    expect(state.consecutiveFailures).toBe(1);
    expect(secondsFromNow(state.pausedUntil)).toBeGreaterThan(8);
    expect(secondsFromNow(state.pausedUntil)).toBeLessThanOrEqual(10);
    expect(toApiWebhook(state)).toMatchObject({ state: "backing_off", consecutive_failures: 1, paused_until: state.pausedUntil!.toISOString() });

    // The first is waiting its own retry; the second is taken, and handed back until the pause ends.
    const [first, second] = await deliveries(t.db, hook.id);
    await t.db.update(jobs).set({ runAfter: sql`now() + interval '1 hour'` }).where(eq(jobs.id, (await jobOf(t.db, first.id)).id));
    expect(await runOne(t.db)).toMatchObject({ outcome: "postponed" });
    const held = await jobOf(t.db, second.id);
    expect(held).toMatchObject({ status: "queued", attempts: 0 });
    expect(Math.abs(held.runAfter.getTime() - state.pausedUntil!.getTime())).toBeLessThan(1_500);
    expect((await deliveries(t.db, hook.id))[1]).toMatchObject({
      attempts: 0,
      attemptLog: [{ outcome: "paused", status: null, message: expect.stringMatching(/^Held back: the endpoint is backing off after 1 failed attempt until .+\.$/) }],
    });
    expect(receiver.requests).toHaveLength(1);
    expect(await runOne(t.db)).toBeNull(); // nothing of it occupies the lane meanwhile

    // The pause is over: the next attempt times out (5 s), and the pause grows to 30 s.
    await timePasses(t.db, hook.id);
    expect(await runOne(t.db)).toMatchObject({ outcome: "retry" });
    state = await endpoint(t.db, hook.id);
    expect(state.consecutiveFailures).toBe(2);
    expect(secondsFromNow(state.pausedUntil)).toBeGreaterThan(25);
    const timedOut = (await deliveries(t.db, hook.id)).flatMap((d) => d.attemptLog).find((a) => a.outcome === "timeout");
    expect(timedOut).toMatchObject({ status: null, message: "The endpoint did not answer within 5 seconds." });

    await timePasses(t.db, hook.id);
    while (await runOne(t.db));
    state = await endpoint(t.db, hook.id);
    expect(state).toMatchObject({ consecutiveFailures: 0, pausedUntil: null, disabledAt: null });
    expect((await deliveries(t.db, hook.id)).map((d) => d.status)).toEqual(["delivered", "delivered"]);
  }, 30_000);

  it("a webhook given a new address starts healthy; the same address, or only new events, keeps its record; a key of another space finds nothing", async () => {
    const user = await insertUser(t.db);
    const hook = await createWebhook(t.db, user, null, { url: receiver.url("/old") });
    await t.db.update(webhooks).set({ consecutiveFailures: 10, disabledAt: new Date(), pausedUntil: new Date() }).where(eq(webhooks.id, hook.id));
    const sameUrl = await updateWebhook(t.db, user, hook.id, { url: receiver.url("/old"), events: ["transcription.failed"] });
    expect(sameUrl).toMatchObject({ events: ["transcription.failed"], consecutiveFailures: 10, secret: hook.secret });
    expect(sameUrl.disabledAt).not.toBeNull();
    const moved = await updateWebhook(t.db, user, hook.id, { url: receiver.url("/new") });
    expect(moved).toMatchObject({ url: receiver.url("/new"), consecutiveFailures: 0, disabledAt: null, pausedUntil: null, events: ["transcription.failed"] });
    await expect(updateWebhook(t.db, user, hook.id, { url: receiver.url("/x") }, { space: "another-workspace" })).rejects.toMatchObject({ kind: "not_found" });
    const rotated = await rotateWebhookSecret(t.db, user, hook.id);
    expect(rotated.secret).not.toBe(hook.secret);
  });

  it("disables an endpoint after 10 failures in a row and mails its owner once; it logs what it misses until its owner enables it again", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.catcher.port}`;
    const user = await insertUser(t.db);
    const hook = await createWebhook(t.db, user, null, { url: receiver.url("/down") });
    await reportEnded(t.db, user);
    await reportEnded(t.db, user);
    // Nine failures in a row already (over some five hours of pauses): the next is the tenth.
    await t.db.update(webhooks).set({ consecutiveFailures: 9 }).where(eq(webhooks.id, hook.id));
    receiver.answer(503);

    const [first, second] = await deliveries(t.db, hook.id);
    await t.db.update(jobs).set({ runAfter: sql`now() + interval '1 hour'` }).where(eq(jobs.id, (await jobOf(t.db, second.id)).id));
    // The attempt that disables the endpoint is its delivery's last, whatever attempts it had left.
    expect(await runOne(t.db)).toMatchObject({ outcome: "failed" });
    const disabled = await endpoint(t.db, hook.id);
    expect(disabled.consecutiveFailures).toBe(10);
    expect(disabled.disabledAt).not.toBeNull();
    expect(toApiWebhook(disabled)).toMatchObject({ state: "disabled", consecutive_failures: 10, paused_until: null, disabled_at: disabled.disabledAt!.toISOString() });
    expect(await deliveries(t.db, hook.id)).toMatchObject([
      { id: first.id, status: "failed", attempts: 1, responseStatus: 503, error: "The endpoint answered with status 503." },
      { id: second.id, status: "pending" },
    ]);

    // The delivery still queued is not sent: it fails with the reason, no call made.
    await timePasses(t.db, hook.id);
    expect(await runOne(t.db)).toMatchObject({ outcome: "done" });
    const notSent = "Not sent: the endpoint was disabled after 10 failed attempts in a row. Enable it again, then resend.";
    expect((await deliveries(t.db, hook.id))[1]).toMatchObject({ status: "failed", attempts: 0, error: notSent, attemptLog: [{ outcome: "disabled", message: notSent }] });
    // A new event is logged, never queued.
    await reportEnded(t.db, user);
    expect((await deliveries(t.db, hook.id))[2]).toMatchObject({ status: "failed", error: notSent });
    expect(await runOne(t.db)).toBeNull();
    expect(receiver.requests).toHaveLength(1);
    await expect(resendDelivery(t.db, user, first.id)).rejects.toEqual(new DomainError("conflict", "This webhook is disabled after failing too often. Enable it again, then resend."));

    // One mail, to the webhook's owner, sent by the mail lane over SMTP.
    const mails = await t.db.select().from(jobs).where(eq(jobs.kind, "mail"));
    expect(mails).toHaveLength(1);
    expect(await runNextJob(t.db, "w-mail", ["mail"])).toMatchObject({ outcome: "done" });
    const mail = await smtp.catcher.waitFor(`${user}@example.com`);
    expect(mail.subject).toBe("A webhook of yours was disabled");
    expect(mail.text).toContain(`Verbatim stopped calling ${receiver.url("/down")} after 10 failed attempts in a row. The last one: The endpoint answered with status 503.`);
    expect(mail.text).toContain("http://localhost:3000/developers");

    // Someone else cannot enable it; its owner can, and a resend goes out again.
    const stranger = await insertUser(t.db);
    await expect(enableWebhook(t.db, stranger, hook.id)).rejects.toMatchObject({ kind: "not_found" });
    expect(toApiWebhook(await enableWebhook(t.db, user, hook.id))).toMatchObject({ state: "active", consecutive_failures: 0, paused_until: null, disabled_at: null });
    await resendDelivery(t.db, user, first.id);
    expect(await runOne(t.db)).toMatchObject({ outcome: "done" });
    expect((await deliveries(t.db, hook.id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, "mail"))).toHaveLength(1);
  });
});
