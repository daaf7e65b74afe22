import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptions, webhookDeliveries, webhooks, workspaceMembers, workspaces, type WebhookDelivery } from "@/lib/db/schema";
import type { JobDefinition, JobOutcome } from "@/lib/jobs/definition";
import { runJob } from "@/lib/jobs/run-job";
import { claim } from "@/lib/jobs/store";
import { completeTranscription } from "@/lib/transcription/queue";
import { queueTranscription as enqueueTranscription } from "@/lib/transcription/transcribe-queue";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertFile } from "@/test/support/job-fixtures";
import { claimTranscription, failHeld } from "@/test/support/jobs";
import { insertUser } from "@/test/support/users";
import { startReceiver, type Receiver } from "@/test/support/webhook-receiver";
import { listDeliveries, pingWebhook, resendDelivery } from "./deliveries";
import { webhookBackoff, webhookKind } from "./webhook-queue";
import { createWebhook, deleteWebhook } from "./endpoints";
import { verifyWebhookSignature } from "./signature";
import { USER_AGENT, webhookJob } from "./webhook-job";

const LEASE = 30_000;
// The real definition with its waits cut to nothing: the retries run at once instead of over the hour.
const noWaits = { ...webhookJob, backoffMs: () => 0 } as JobDefinition<unknown>;

/** Runs every due webhook job, as a worker's lane would, until none is left; the outcomes in order. Endpoints' pauses are cut to nothing too (endpoint-health.test.ts tests them). */
async function runDeliveries(db: Database): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  for (;;) {
    await db.update(webhooks).set({ pausedUntil: null });
    const job = await claim(db, "w-test", ["webhook"], LEASE);
    if (!job) return outcomes;
    outcomes.push(await runJob(db, job, noWaits, { leaseMs: LEASE, stopping: new AbortController().signal }));
  }
}

const deliveriesOf = (db: Database, webhookId: string) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
const deliveryById = async (db: Database, id: string): Promise<WebhookDelivery> => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];

async function queuedFile(db: Database, userId: string, workspaceId: string | null = null): Promise<string> {
  const id = await insertFile(db, userId);
  if (workspaceId) await db.update(transcriptions).set({ workspaceId }).where(eq(transcriptions.id, id));
  await enqueueTranscription(db, id, 0, userId);
  return id;
}

/** A file whose transcription fails for good, through the transcribe job's own failure path. */
async function failTranscription(db: Database, userId: string, workspaceId: string | null = null): Promise<string> {
  const id = await queuedFile(db, userId, workspaceId);
  expect(await failHeld(db, (await claimTranscription(db, "w-files"))!, "The engine could not read this audio.", false)).toBe("failed");
  return id;
}

/** A file whose transcript is stored, through the transcribe job's own completion. */
async function finishTranscription(db: Database, userId: string, workspaceId: string | null = null): Promise<string> {
  const id = await queuedFile(db, userId, workspaceId);
  const job = (await claimTranscription(db, "w-files"))!;
  expect(await completeTranscription(db, job, id, { engine: "sphinx", language: "en", segments: [{ startMs: 0, endMs: 1500, text: "Confidential words." }] })).toBe(true);
  return id;
}

/** A workspace with its owner and an admin. */
async function teamWithAdmin(db: Database): Promise<{ owner: string; admin: string; team: string }> {
  const owner = await insertUser(db);
  const admin = await insertUser(db);
  const team = randomUUID();
  await db.insert(workspaces).values({ id: team, name: "Team", slug: team });
  await db.insert(workspaceMembers).values([
    { id: randomUUID(), workspaceId: team, userId: owner, role: "owner" },
    { id: randomUUID(), workspaceId: team, userId: admin, role: "admin" },
  ]);
  return { owner, admin, team };
}

describe.each(BACKENDS)("webhook deliveries on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  let db: Database;
  let receiver: Receiver;
  const saved = process.env.WEBHOOKS_ALLOW_LOOPBACK;

  beforeAll(async () => {
    db = t.db;
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    process.env.WEBHOOKS_ALLOW_LOOPBACK = saved;
  });
  beforeEach(() => {
    // The receiver is on this machine: the development setting lets webhooks call it.
    process.env.WEBHOOKS_ALLOW_LOOPBACK = "true";
    receiver.reset();
  });

  it("sends a failed transcription to the webhooks of its space that want it, signed, retrying after 500s until delivered", async () => {
    const user = await insertUser(db);
    const other = await insertUser(db);
    const team = randomUUID();
    await db.insert(workspaces).values({ id: team, name: "Team", slug: team });
    await db.insert(workspaceMembers).values({ id: randomUUID(), workspaceId: team, userId: user, role: "owner" });
    const both = await createWebhook(db, user, null, { url: receiver.url("/both") });
    const doneOnly = await createWebhook(db, user, null, { url: receiver.url("/done"), events: ["transcription.done"] });
    const theirs = await createWebhook(db, other, null, { url: receiver.url("/theirs") });
    const teams = await createWebhook(db, user, team, { url: receiver.url("/team") });
    expect(both.events).toEqual(["transcription.done", "transcription.failed"]);

    receiver.answer(500, 500, 200);
    const before = Math.floor(Date.now() / 1000);
    const fileId = await failTranscription(db, user);
    const [delivery] = await deliveriesOf(db, both.id);
    expect(delivery).toMatchObject({ status: "pending", event: "transcription.failed", transcriptionId: fileId, attempts: 0 });
    for (const w of [doneOnly, theirs, teams]) expect(await deliveriesOf(db, w.id)).toEqual([]);

    expect(await runDeliveries(db)).toEqual(["retry", "retry", "done"]);
    expect(receiver.requests.map((r) => [r.method, r.path])).toEqual([
      ["POST", "/both"],
      ["POST", "/both"],
      ["POST", "/both"],
    ]);
    for (const r of receiver.requests) {
      expect(verifyWebhookSignature(both.secret, r.headers["verbatim-signature"] as string, r.body)).toBe(true);
      expect(verifyWebhookSignature(doneOnly.secret, r.headers["verbatim-signature"] as string, r.body)).toBe(false);
      expect(Number(/t=(\d+)/.exec(r.headers["verbatim-signature"] as string)![1])).toBeGreaterThanOrEqual(before);
      expect(r.headers).toMatchObject({
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "verbatim-event": "transcription.failed",
        "verbatim-delivery": delivery.id,
        host: `127.0.0.1:${receiver.port}`,
      });
    }
    const payload = JSON.parse(receiver.requests[2].body) as Record<string, unknown>;
    expect(payload).toEqual({
      id: delivery.id,
      type: "transcription.failed",
      created_at: expect.any(String),
      data: {
        workspace_id: null,
        transcription: expect.objectContaining({ id: fileId, status: "failed", error: "The engine could not read this audio.", title: "Interview", duration_s: 60 }),
      },
    });
    expect(await deliveryById(db, delivery.id)).toMatchObject({ status: "delivered", attempts: 3, responseStatus: 200, error: null, deliveredAt: expect.any(Date) });
    expect((await listDeliveries(db, user, both.id)).map((d) => d.id)).toEqual([delivery.id]);
  });

  it("sends a workspace's finished transcription to the workspace's webhooks only, without the transcript's text", async () => {
    const owner = await insertUser(db);
    const member = await insertUser(db);
    const team = randomUUID();
    await db.insert(workspaces).values({ id: team, name: "Team", slug: team });
    await db.insert(workspaceMembers).values([
      { id: randomUUID(), workspaceId: team, userId: owner, role: "owner" },
      { id: randomUUID(), workspaceId: team, userId: member, role: "member" },
    ]);
    const teams = await createWebhook(db, owner, team, { url: receiver.url("/team"), events: ["transcription.done"] });
    const ownersOwn = await createWebhook(db, owner, null, { url: receiver.url("/personal") });
    const failedOnly = await createWebhook(db, owner, team, { url: receiver.url("/failed"), events: ["transcription.failed"] });

    // A member uploads into the workspace: its webhooks hear of it, nobody's personal ones.
    const fileId = await finishTranscription(db, member, team);
    expect(await deliveriesOf(db, ownersOwn.id)).toEqual([]);
    expect(await deliveriesOf(db, failedOnly.id)).toEqual([]);
    expect(await runDeliveries(db)).toEqual(["done"]);
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request.path).toBe("/team");
    expect(request.headers["verbatim-event"]).toBe("transcription.done");
    expect(verifyWebhookSignature(teams.secret, request.headers["verbatim-signature"] as string, request.body)).toBe(true);
    expect(JSON.parse(request.body)).toMatchObject({ type: "transcription.done", data: { workspace_id: team, transcription: { id: fileId, status: "done", engine: "sphinx" } } });
    expect(request.body).not.toContain("Confidential");
  });

  it("an admin's webhook of a workspace falls silent once they no longer manage it", async () => {
    const { owner, admin, team } = await teamWithAdmin(db);
    const theirs = await createWebhook(db, admin, team, { url: receiver.url("/ex-admin") });
    await finishTranscription(db, owner, team);
    // Made a member before the queued delivery is sent: it is not sent, and nothing new is queued.
    await db.update(workspaceMembers).set({ role: "member" }).where(eq(workspaceMembers.userId, admin));
    await runDeliveries(db);
    await finishTranscription(db, owner, team);
    await runDeliveries(db);
    expect(receiver.requests).toEqual([]);
    expect(await deliveriesOf(db, theirs.id)).toHaveLength(1);
  });

  it("fails a delivery after its last attempt, and a resend sends the same payload, signed afresh", async () => {
    const user = await insertUser(db);
    const webhook = await createWebhook(db, user, null, { url: receiver.url("/down") });
    receiver.answer(...Array<number>(webhookKind.maxAttempts).fill(503));
    await failTranscription(db, user);
    expect(await runDeliveries(db)).toEqual([...Array<JobOutcome>(webhookKind.maxAttempts - 1).fill("retry"), "failed"]);
    const [failed] = await deliveriesOf(db, webhook.id);
    expect(failed).toMatchObject({ status: "failed", attempts: webhookKind.maxAttempts, responseStatus: 503, error: "The endpoint answered with status 503.", deliveredAt: null });

    const resent = await resendDelivery(db, user, failed.id);
    expect(resent).toMatchObject({ id: failed.id, status: "pending", error: null });
    // Resending what is being sent would send it twice at once.
    await expect(resendDelivery(db, user, failed.id)).rejects.toMatchObject({ kind: "conflict" });
    expect(await runDeliveries(db)).toEqual(["done"]);
    expect(await deliveryById(db, failed.id)).toMatchObject({ status: "delivered", attempts: webhookKind.maxAttempts + 1, responseStatus: 200, error: null });
    const [first, last] = [receiver.requests[0], receiver.requests.at(-1)!];
    expect(last.body).toBe(first.body);
    expect(last.headers["verbatim-delivery"]).toBe(failed.id);
    expect(verifyWebhookSignature(webhook.secret, last.headers["verbatim-signature"] as string, last.body)).toBe(true);
    // A delivered one can be sent again too (a receiver that lost it).
    expect((await resendDelivery(db, user, failed.id)).status).toBe("pending");
    expect(await runDeliveries(db)).toEqual(["done"]);
  });

  it("sends a signed test ping on request, logged like any delivery; one at a time, ten seconds apart; a stranger's or a disabled webhook's is refused", async () => {
    const user = await insertUser(db);
    const stranger = await insertUser(db);
    const webhook = await createWebhook(db, user, null, { url: receiver.url("/ping"), events: ["transcription.done"] });
    const earlier = () => db.update(webhookDeliveries).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(webhookDeliveries.webhookId, webhook.id));
    const ping = await pingWebhook(db, user, webhook.id);
    expect(ping).toMatchObject({ event: "webhook.ping", transcriptionId: null, status: "pending" });
    await expect(pingWebhook(db, user, webhook.id)).rejects.toMatchObject({ kind: "rate_limited", message: "A test was sent to this webhook moments ago. Wait ten seconds before the next." });
    await earlier();
    await expect(pingWebhook(db, user, webhook.id)).rejects.toMatchObject({ kind: "conflict", message: "A test of this webhook is still being sent. Its result will show in the delivery log." });
    await expect(pingWebhook(db, stranger, webhook.id)).rejects.toMatchObject({ kind: "not_found" });

    expect(await runDeliveries(db)).toEqual(["done"]);
    const [sent] = receiver.requests;
    expect(sent.headers["verbatim-event"]).toBe("webhook.ping");
    expect(verifyWebhookSignature(webhook.secret, sent.headers["verbatim-signature"] as string, sent.body)).toBe(true);
    expect(JSON.parse(sent.body)).toEqual({ id: ping.id, type: "webhook.ping", created_at: expect.any(String), data: { webhook_id: webhook.id, workspace_id: null } });
    expect((await listDeliveries(db, user, webhook.id)).map((d) => [d.event, d.status])).toEqual([["webhook.ping", "delivered"]]);

    // A test that failed and waits for its retry is replaced by a new one: a receiver just fixed is tested at once.
    await earlier();
    const failing = await pingWebhook(db, user, webhook.id);
    await db.update(webhookDeliveries).set({ attempts: 1, createdAt: new Date(Date.now() - 60_000) }).where(eq(webhookDeliveries.id, failing.id));
    const fresh = await pingWebhook(db, user, webhook.id);
    expect(await deliveryById(db, failing.id)).toMatchObject({ status: "failed", error: "Replaced by a newer test." });
    expect(await runDeliveries(db)).toEqual(["done", "done"]);
    expect(await deliveryById(db, fresh.id)).toMatchObject({ status: "delivered" });
    expect(receiver.requests).toHaveLength(2);

    // The log keeps the latest five tests; the webhook disabled takes none.
    for (let i = 0; i < 5; i++) {
      await earlier();
      await pingWebhook(db, user, webhook.id);
      await runDeliveries(db);
    }
    expect((await deliveriesOf(db, webhook.id)).length).toBe(5);
    await earlier();
    await db.update(webhooks).set({ disabledAt: new Date() }).where(eq(webhooks.id, webhook.id));
    await expect(pingWebhook(db, user, webhook.id)).rejects.toMatchObject({ kind: "conflict", message: "This webhook is disabled after failing too often. Enable it again, then send a test." });
  });

  it("fails, with a sentence, a delivery whose webhook's maker no longer manages its space, and refuses a test of it", async () => {
    const { owner, admin, team } = await teamWithAdmin(db);
    const webhook = await createWebhook(db, admin, team, { url: receiver.url("/team") });
    const ping = await pingWebhook(db, owner, webhook.id);
    await db.update(workspaceMembers).set({ role: "member" }).where(eq(workspaceMembers.userId, admin));
    expect(await runDeliveries(db)).toEqual(["done"]);
    expect(receiver.requests).toEqual([]);
    expect(await deliveryById(db, ping.id)).toMatchObject({ status: "failed", error: "Not sent: whoever made this webhook no longer manages its space. Add it again as one who does." });
    await db.update(webhookDeliveries).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(webhookDeliveries.id, ping.id));
    await expect(pingWebhook(db, owner, webhook.id)).rejects.toMatchObject({ kind: "conflict", message: "Not sent: whoever made this webhook no longer manages its space. Add it again as one who does." });
  });

  it("does not follow a redirect: the attempt fails with a sentence and is retried", async () => {
    const user = await insertUser(db);
    const webhook = await createWebhook(db, user, null, { url: receiver.url("/moved") });
    receiver.answer({ status: 302, headers: { location: receiver.url("/elsewhere") } }, 307, 200);
    await failTranscription(db, user);
    expect(await runDeliveries(db)).toEqual(["retry", "retry", "done"]);
    expect(receiver.requests.map((r) => r.path)).toEqual(["/moved", "/moved", "/moved"]);
    const [delivery] = await deliveriesOf(db, webhook.id);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 3 });
  });

  it("records the redirect's sentence and status on the delivery while it waits for its retry", async () => {
    const user = await insertUser(db);
    const webhook = await createWebhook(db, user, null, { url: receiver.url("/moved") });
    receiver.answer({ status: 301, headers: { location: "http://169.254.169.254/" } });
    await failTranscription(db, user);
    const job = (await claim(db, "w-test", ["webhook"], LEASE))!;
    expect(await runJob(db, job, noWaits, { leaseMs: LEASE, stopping: new AbortController().signal })).toBe("retry");
    const [delivery] = await deliveriesOf(db, webhook.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseStatus: 301, error: "The endpoint answered with a redirect (301), which webhooks do not follow." });
    expect(receiver.requests).toHaveLength(1);
    await runDeliveries(db);
  });

  it("refuses loopback at delivery time once the setting is off, though the webhook passed when added: failed at once, nothing sent", async () => {
    const user = await insertUser(db);
    const byName = await createWebhook(db, user, null, { url: receiver.url("/hook", "localhost") });
    const byAddress = await createWebhook(db, user, null, { url: receiver.url("/hook", "127.0.0.1") });
    const byV6 = await createWebhook(db, user, null, { url: receiver.url("/hook", "[::ffff:127.0.0.1]") });
    process.env.WEBHOOKS_ALLOW_LOOPBACK = "false";
    await failTranscription(db, user);
    expect(await runDeliveries(db)).toEqual(["failed", "failed", "failed"]);
    expect(receiver.requests).toEqual([]);
    expect(await deliveriesOf(db, byName.id)).toMatchObject([
      { status: "failed", attempts: 1, responseStatus: null, error: "Webhooks cannot call localhost: use an address reachable from the internet." },
    ]);
    expect(await deliveriesOf(db, byAddress.id)).toMatchObject([
      { status: "failed", attempts: 1, error: "Webhooks cannot call 127.0.0.1: it is a loopback address. Use an address reachable from the internet." },
    ]);
    expect(await deliveriesOf(db, byV6.id)).toMatchObject([
      { status: "failed", attempts: 1, error: "Webhooks cannot call ::ffff:7f00:1: it is a loopback address. Use an address reachable from the internet." },
    ]);
  });

  it("keeps the delivery log to the latest 50 per webhook, never dropping one still being sent", async () => {
    const user = await insertUser(db);
    const webhook = await createWebhook(db, user, null, { url: receiver.url("/log") });
    const old = Array.from({ length: 55 }, (_, i) => ({
      id: randomUUID(),
      webhookId: webhook.id,
      event: "transcription.done" as const,
      payload: {},
      status: i === 0 ? ("pending" as const) : ("delivered" as const),
      createdAt: new Date(Date.now() - (60 - i) * 60_000),
    }));
    await db.insert(webhookDeliveries).values(old);
    await failTranscription(db, user);
    const kept = await deliveriesOf(db, webhook.id);
    // The new one, the 49 newest before it, and the oldest, which is still pending.
    expect(kept).toHaveLength(51);
    expect(kept.map((d) => d.id)).toEqual(expect.arrayContaining([old[0].id, ...old.slice(6).map((d) => d.id)]));
    expect((await listDeliveries(db, user, webhook.id)).map((d) => d.event)).toEqual(["transcription.failed", ...Array(49).fill("transcription.done")]);
    await db.delete(webhookDeliveries).where(eq(webhookDeliveries.id, old[0].id));
    await runDeliveries(db);
  });

  it("sends nothing for a webhook deleted while its delivery waited", async () => {
    const user = await insertUser(db);
    const webhook = await createWebhook(db, user, null, { url: receiver.url("/gone") });
    await failTranscription(db, user);
    await deleteWebhook(db, user, webhook.id);
    expect(await runDeliveries(db)).toEqual(["done"]);
    expect(receiver.requests).toEqual([]);
  });
});

describe("the webhook job's waits", () => {
  it("backs off 10 s, 30 s, 2 min, 10 min, 30 min over six attempts", () => {
    expect([1, 2, 3, 4, 5].map(webhookBackoff)).toEqual([10_000, 30_000, 120_000, 600_000, 1_800_000]);
    expect(webhookJob.maxAttempts).toBe(6);
  });
});
