import { asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Tx } from "@/lib/db/client";
import { billingEvents, jobs, plans, processedWebhookEvents, subscriptions, users } from "@/lib/db/schema";
import type { Mail } from "@/lib/email/mail";
import { queueMail } from "@/lib/email/mail-queue";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { entitlementsFor } from "./entitlements";
import { demoBilling } from "./demo/demo-provider";
import { stripeBilling } from "./stripe/stripe-provider";
import { closeStripeStandIns, startStripeStandIn, stripeError, type StripeStandIn } from "@/test/support/stripe-stand-in";
import { subscription, type SubscriptionFixture } from "@/test/support/stripe-fixtures";

const SECRET = "whsec_test_secret";

describe.each(BACKENDS)("Stripe webhooks on %s", (_name, open) => {
  let t: TestDatabase;
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let remote: Record<string, Stripe.Subscription>;

  beforeAll(async () => {
    t = await open();
    const { db } = t.handle;
    await db.update(plans).set({ stripePriceIdMonthly: "price_pro_monthly", stripePriceIdAnnual: "price_pro_annual" }).where(eq(plans.id, "pro"));
    await db.update(plans).set({ stripePriceIdMonthly: "price_premium_monthly", stripePriceIdAnnual: "price_premium_annual" }).where(eq(plans.id, "premium"));
    standIn = await startStripeStandIn();
    remote = {};
    standIn.on("GET /v1/subscriptions/:id", (_req, { id }) => (remote[id] ? { json: remote[id] } : { status: 404, json: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such subscription" } } }));
    standIn.on("DELETE /v1/subscriptions/:id", (_req, { id }) => ({ json: { ...remote[id], status: "canceled" } }));
    stripe = standIn.stripe();
  });
  afterAll(async () => {
    await closeStripeStandIns();
    await t?.close();
  });

  /** Stripe now holds this subscription for the user. */
  function atStripe(userId: string, f: SubscriptionFixture & { planId?: string }) {
    const sub = subscription({ metadata: { user_id: userId, plan_id: f.planId ?? "pro", billing_interval: "monthly" }, ...f });
    remote[sub.id] = sub;
    return sub;
  }

  let counter = 0;
  function signed(type: string, object: unknown, id = `evt_${++counter}`): Request {
    const payload = JSON.stringify({ id, object: "event", type, api_version: "2025-03-31.basil", created: 1767225600 + counter, data: { object }, livemode: false, pending_webhooks: 1, request: null });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    return new Request("http://127.0.0.1/api/webhooks/stripe", { method: "POST", body: payload, headers: { "stripe-signature": header } });
  }

  /** What the webhook route does with a delivery: its raw body and signature go to the billing provider. */
  const deliver = async (request: Request, queue: (tx: Tx, mail: Mail) => Promise<void> = queueMail) =>
    stripeBilling(stripe, "http://app.test", { secret: SECRET, queueMail: queue }).handleWebhook(
      t.handle.db,
      await request.text(),
      request.headers.get("stripe-signature"),
    );

  /** The mails queued for the user, oldest first. */
  async function mailsTo(userId: string): Promise<Mail[]> {
    const [user] = await t.handle.db.select().from(users).where(eq(users.id, userId));
    const queued = await t.handle.db.select().from(jobs).where(eq(jobs.kind, "mail")).orderBy(asc(jobs.createdAt));
    return queued.map((job) => job.payload as Mail).filter((mail) => mail.to === user.email);
  }

  const eventsOf = (userId: string) => t.handle.db.select().from(billingEvents).where(eq(billingEvents.userId, userId));
  const rowsOf = (userId: string) => t.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

  it("refuses a bad or missing signature (invalid: 400) and stores nothing", async () => {
    const good = signed("customer.subscription.created", { id: "sub_x" }, "evt_badsig");
    const tampered = new Request(good.url, { method: "POST", body: (await good.text()).replace("sub_x", "sub_y"), headers: good.headers });
    await expect(deliver(tampered)).rejects.toMatchObject({ kind: "invalid", message: "Invalid Stripe signature." });
    await expect(deliver(new Request(good.url, { method: "POST", body: "{}" }))).rejects.toMatchObject({ kind: "invalid", message: "Missing Stripe-Signature header." });
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload: "{}", secret: "whsec_other" });
    await expect(deliver(new Request(good.url, { method: "POST", body: "{}", headers: { "stripe-signature": wrongSecret } }))).rejects.toMatchObject({ kind: "invalid" });
    expect(await t.handle.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, "evt_badsig"))).toEqual([]);
  });

  it("the same checkout.session.completed ten times: one subscription, one billing event", async () => {
    const user = await insertUser(t.handle.db);
    atStripe(user, { id: "sub_ten", status: "trialing", trialEnd: 1768435200 });
    const session = { id: "cs_1", object: "checkout.session", subscription: "sub_ten", customer: "cus_ten", client_reference_id: user };
    const payload = signed("checkout.session.completed", session, "evt_ten");
    const body = await payload.text();
    const outcomes = [];
    for (let i = 0; i < 10; i++) outcomes.push(await deliver(new Request(payload.url, { method: "POST", body, headers: payload.headers })));
    expect(outcomes).toEqual(["processed", ...Array(9).fill("duplicate")]);
    expect(await rowsOf(user)).toMatchObject([{ planId: "pro", status: "trialing", stripeSubscriptionId: "sub_ten" }]);
    expect((await eventsOf(user)).map((e) => e.eventType)).toEqual(["subscription_created"]);
    const [u] = await t.handle.db.select().from(users).where(eq(users.id, user));
    expect(u.stripeCustomerId).toBe("cus_ten");
    expect((await entitlementsFor(t.handle.db, user)).planId).toBe("pro");
  });

  it("out-of-order updates end in Stripe's latest state", async () => {
    const user = await insertUser(t.handle.db);
    const older = atStripe(user, { id: "sub_ooo", priceId: "price_pro_monthly", planId: "pro" });
    const latest = atStripe(user, { id: "sub_ooo", priceId: "price_premium_monthly", planId: "premium" });
    // The update (to premium) arrives before the creation (as pro).
    expect(await deliver(signed("customer.subscription.updated", latest))).toBe("processed");
    expect(await deliver(signed("customer.subscription.created", older))).toBe("processed");
    expect(await rowsOf(user)).toMatchObject([{ planId: "premium", status: "active" }]);
    expect((await entitlementsFor(t.handle.db, user)).planId).toBe("premium");
    expect((await eventsOf(user)).map((e) => e.eventType)).toEqual(["subscription_created"]);
  });

  it("a scheduled downgrade taking effect, then cancellation", async () => {
    const user = await insertUser(t.handle.db);
    const premium = atStripe(user, { id: "sub_sched", priceId: "price_premium_monthly", planId: "premium" });
    await deliver(signed("customer.subscription.created", premium));
    await t.handle.db
      .update(subscriptions)
      .set({ scheduledPlanChange: { plan_id: "pro", billing_interval: "monthly", effective_at: "2026-02-01T00:00:00.000Z" } })
      .where(eq(subscriptions.stripeSubscriptionId, "sub_sched"));
    const pro = atStripe(user, { id: "sub_sched", priceId: "price_pro_monthly", planId: "premium" });
    await deliver(signed("customer.subscription.updated", pro));
    expect(await rowsOf(user)).toMatchObject([{ planId: "pro", scheduledPlanChange: null }]);
    atStripe(user, { id: "sub_sched", priceId: "price_pro_monthly", status: "canceled" });
    await deliver(signed("customer.subscription.deleted", remote.sub_sched));
    expect((await eventsOf(user)).map((e) => e.eventType).sort()).toEqual(["scheduled_plan_change_effective", "subscription_canceled", "subscription_created"]);
    expect((await entitlementsFor(t.handle.db, user)).planId).toBe("free");
  });

  it("an event for an account an operator deleted is acknowledged and changes nothing", async () => {
    const user = await insertUser(t.handle.db);
    const sub = atStripe(user, { id: "sub_gone", status: "canceled" });
    await t.handle.db.delete(users).where(eq(users.id, user));
    expect(await deliver(signed("customer.subscription.deleted", sub))).toBe("ignored");
    expect(await rowsOf(user)).toEqual([]);
    expect(await eventsOf(user)).toEqual([]);
    expect(standIn.calls()).not.toContain("DELETE /v1/subscriptions/sub_gone");
  });

  it("a subscription that starts after its account was deleted is canceled at Stripe, not billed", async () => {
    const user = await insertUser(t.handle.db);
    atStripe(user, { id: "sub_orphan", status: "active" });
    await t.handle.db.delete(users).where(eq(users.id, user));
    const session = { id: "cs_orphan", object: "checkout.session", subscription: "sub_orphan", customer: "cus_orphan", client_reference_id: user };
    expect(await deliver(signed("checkout.session.completed", session))).toBe("ignored");
    expect(standIn.calls()).toContain("DELETE /v1/subscriptions/sub_orphan");
    expect(await rowsOf(user)).toEqual([]);
  });

  it("a failed payment: past_due keeps the plan for the grace period, mails the user, then free limits", async () => {
    const user = await insertUser(t.handle.db);
    atStripe(user, { id: "sub_due", priceId: "price_premium_monthly", planId: "premium", status: "past_due" });
    const invoice = { id: "in_1", object: "invoice", subscription: "sub_due" };
    expect(await deliver(signed("invoice.payment_failed", invoice))).toBe("processed");
    expect(await rowsOf(user)).toMatchObject([{ status: "past_due" }]);
    expect((await entitlementsFor(t.handle.db, user)).planId).toBe("premium");
    expect((await entitlementsFor(t.handle.db, user, new Date(Date.now() + 4 * 86_400_000))).planId).toBe("free");
    expect((await mailsTo(user)).map((m) => m.subject)).toEqual(["Payment for your Verbatim Premium plan failed"]);
    // Paid after all: active again.
    atStripe(user, { id: "sub_due", priceId: "price_premium_monthly", planId: "premium", status: "active" });
    await deliver(signed("invoice.paid", { id: "in_2", object: "invoice", parent: { subscription_details: { subscription: "sub_due" } } }));
    expect(await rowsOf(user)).toMatchObject([{ status: "active", pastDueSince: null }]);
  });

  it("an upgrade through a second checkout replaces the old subscription and cancels it at Stripe", async () => {
    const user = await insertUser(t.handle.db);
    await deliver(signed("customer.subscription.created", atStripe(user, { id: "sub_old", priceId: "price_pro_monthly" })));
    atStripe(user, { id: "sub_new", priceId: "price_premium_monthly", planId: "premium" });
    await deliver(signed("checkout.session.completed", { id: "cs_up", object: "checkout.session", subscription: "sub_new", customer: "cus_up", client_reference_id: user }));
    const rows = await rowsOf(user);
    expect(rows.find((r) => r.stripeSubscriptionId === "sub_old")?.status).toBe("canceled");
    expect(rows.find((r) => r.stripeSubscriptionId === "sub_new")?.status).toBe("active");
    expect((await eventsOf(user)).map((e) => e.eventType).sort()).toEqual(["subscription_created", "subscription_upgraded"]);
    expect(standIn.calls()).toContain("DELETE /v1/subscriptions/sub_old");
  });

  it("a Stripe failure meanwhile is unavailable (503): the event is not stored, so Stripe delivers it again", async () => {
    const user = await insertUser(t.handle.db);
    const sub = atStripe(user, { id: "sub_flaky" });
    standIn.on("GET /v1/subscriptions/sub_flaky", stripeError(500));
    await expect(deliver(signed("customer.subscription.updated", sub, "evt_flaky"))).rejects.toMatchObject({
      kind: "unavailable",
      message: "The payment provider could not load the subscription. Try again in a minute.",
    });
    expect(await t.handle.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, "evt_flaky"))).toEqual([]);
  });

  it("trial_will_end mails the user once", async () => {
    const user = await insertUser(t.handle.db);
    const sub = atStripe(user, { id: "sub_trial", status: "trialing", trialEnd: 1768435200 });
    const request = signed("customer.subscription.trial_will_end", sub, "evt_trial");
    const body = await request.text();
    await deliver(new Request(request.url, { method: "POST", body, headers: request.headers }));
    await deliver(new Request(request.url, { method: "POST", body, headers: request.headers }));
    expect((await mailsTo(user)).map((m) => m.subject)).toEqual(["Your Verbatim Pro trial ends on 15 January 2026"]);
  });

  it("queues the mail in the transaction that records the event: if queueing fails, nothing is recorded and Stripe's retry mails once", async () => {
    const user = await insertUser(t.handle.db);
    atStripe(user, { id: "sub_crash", priceId: "price_premium_monthly", planId: "premium", status: "past_due" });
    const request = signed("invoice.payment_failed", { id: "in_crash", object: "invoice", subscription: "sub_crash" }, "evt_crash");
    const body = await request.text();
    const again = () => new Request(request.url, { method: "POST", body, headers: request.headers });
    // The process dies (here: the queue write fails) between the event's effects and its commit.
    const seenInTransaction: string[] = [];
    const failing = async (tx: Tx) => {
      const [recorded] = await tx.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, "evt_crash"));
      seenInTransaction.push(recorded?.id ?? "none");
      throw new Error("the mail queue is unreachable");
    };
    await expect(deliver(again(), failing)).rejects.toThrow("the mail queue is unreachable");
    expect(seenInTransaction).toEqual(["evt_crash"]);
    expect(await t.handle.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, "evt_crash"))).toEqual([]);
    expect(await rowsOf(user)).toEqual([]);
    expect(await mailsTo(user)).toEqual([]);
    // Stripe delivers it again: processed, with its mail, once.
    expect(await deliver(again())).toBe("processed");
    expect(await deliver(again())).toBe("duplicate");
    expect(await rowsOf(user)).toMatchObject([{ status: "past_due" }]);
    expect((await mailsTo(user)).map((m) => m.subject)).toEqual(["Payment for your Verbatim Premium plan failed"]);
  });

  it("is refused as not configured without a webhook secret, and by the demo provider", async () => {
    const request = signed("customer.subscription.updated", { id: "sub_x" }, "evt_off");
    const off = { kind: "not_found", message: "Stripe is not configured on this server." };
    await expect(stripeBilling(stripe, "http://app.test").handleWebhook(t.handle.db, await request.text(), request.headers.get("stripe-signature"))).rejects.toMatchObject(off);
    await expect(demoBilling.handleWebhook(t.handle.db, "{}", null)).rejects.toMatchObject(off);
  });
});
