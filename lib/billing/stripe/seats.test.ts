import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { plans, subscriptions } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { closeStripeStandIns, startStripeStandIn, stripeError, type StripeStandIn } from "@/test/support/stripe-stand-in";
import { subscription } from "@/test/support/stripe-fixtures";
import { addMember, insertWorkspace } from "@/test/support/workspaces";
import { insertUser } from "@/test/support/users";
import { entitlementsFor } from "../entitlements";
import { changeSeats, startCheckout } from "../plan-changes";
import { BillingProviderError } from "./errors";
import { createCheckoutSession } from "./checkout";
import { stripeBilling } from "./stripe-provider";
import { previewSeatsCost, SEATS_QUOTE_FAILED_MESSAGE, SEATS_UPDATE_FAILED_MESSAGE, setSeats } from "./subscriptions";

const SECRET = "whsec_test_secret";
const SESSION = { id: "cs_test_1", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_1" };
const NO_LANGUAGE_NOTE = async () => ({ count: 0, note: null });

describe("Stripe seats (quantity of the subscription item)", () => {
  afterEach(closeStripeStandIns);

  it("a per-seat checkout sends the seats as the line item's quantity, adjustable down to the team's size", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("POST /v1/checkout/sessions", { json: SESSION });
    await createCheckoutSession(standIn.stripe(), {
      userId: "user_1",
      email: "ada@example.com",
      customerId: null,
      priceId: "price_team_monthly",
      planId: "team",
      billingInterval: "monthly",
      trialDays: 0,
      languagesNote: null,
      seats: { quantity: 6, minimum: 4 },
      successUrl: "http://localhost:3000/account?checkout=success",
      cancelUrl: "http://localhost:3000/account?checkout=canceled",
    });
    expect(standIn.requests[0].form).toMatchObject({
      "line_items[0][price]": "price_team_monthly",
      "line_items[0][quantity]": "6",
      "line_items[0][adjustable_quantity][enabled]": "true",
      "line_items[0][adjustable_quantity][minimum]": "4",
      "line_items[0][adjustable_quantity][maximum]": "500",
    });
  });

  it("the cost of more seats is Stripe's preview of the prorated invoice, as of now, before anything changes", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("GET /v1/subscriptions/sub_123", { json: subscription({ quantity: 3 }) });
    standIn.on("POST /v1/invoices/create_preview", { json: { id: "upcoming_in_1", object: "invoice", amount_due: 2667, currency: "usd" } });
    const now = new Date("2026-12-21T00:00:00Z");
    await expect(previewSeatsCost(standIn.stripe(), "sub_123", 5, now)).resolves.toEqual({ amount: 26.67, currency: "usd" });
    expect(standIn.calls()).toEqual(["GET /v1/subscriptions/sub_123", "POST /v1/invoices/create_preview"]);
    expect(standIn.requests[1].form).toEqual({
      subscription: "sub_123",
      "subscription_details[items][0][id]": "si_123",
      "subscription_details[items][0][quantity]": "5",
      "subscription_details[proration_behavior]": "always_invoice",
      "subscription_details[proration_date]": String(now.getTime() / 1000),
    });
    // Amounts are in the currency's smallest unit: yen have none, dinars three decimals.
    standIn.on("POST /v1/invoices/create_preview", { json: { id: "upcoming_in_2", object: "invoice", amount_due: 2667, currency: "jpy" } });
    await expect(previewSeatsCost(standIn.stripe(), "sub_123", 5, now)).resolves.toEqual({ amount: 2667, currency: "jpy" });
    standIn.on("POST /v1/invoices/create_preview", { json: { id: "upcoming_in_3", object: "invoice", amount_due: 2667, currency: "kwd" } });
    await expect(previewSeatsCost(standIn.stripe(), "sub_123", 5, now)).resolves.toEqual({ amount: 2.667, currency: "kwd" });
    standIn.on("POST /v1/invoices/create_preview", stripeError(500, { type: "api_error", message: "Something went wrong." }));
    await expect(previewSeatsCost(standIn.stripe(), "sub_123", 5, now)).rejects.toMatchObject({ message: SEATS_QUOTE_FAILED_MESSAGE });
  });

  it("more seats are invoiced at once and must be paid; fewer give no credit", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("GET /v1/subscriptions/sub_123", { json: subscription({ quantity: 3 }) });
    standIn.on("POST /v1/subscriptions/sub_123", (req) => ({ json: subscription({ quantity: Number(req.form["items[0][quantity]"]) }) }));
    await expect(setSeats(standIn.stripe(), "sub_123", 8)).resolves.toBe(8);
    expect(standIn.calls()).toEqual(["GET /v1/subscriptions/sub_123", "POST /v1/subscriptions/sub_123"]);
    expect(standIn.requests[1].form).toEqual({
      "items[0][id]": "si_123",
      "items[0][quantity]": "8",
      proration_behavior: "always_invoice",
      payment_behavior: "error_if_incomplete",
    });
    await expect(setSeats(standIn.stripe(), "sub_123", 2)).resolves.toBe(2);
    expect(standIn.requests[3].form).toEqual({ "items[0][id]": "si_123", "items[0][quantity]": "2", proration_behavior: "none" });
  });

  it("turns a Stripe failure into a clean BillingProviderError", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("GET /v1/subscriptions/sub_123", { json: subscription() });
    standIn.on("POST /v1/subscriptions/sub_123", stripeError(402, { message: "Your card was declined." }));
    const error = await setSeats(standIn.stripe(), "sub_123", 8).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BillingProviderError);
    expect(error).toMatchObject({ kind: "provider_failed", message: SEATS_UPDATE_FAILED_MESSAGE });
  });
});

describe.each(BACKENDS)("Stripe seats with the database on %s", (_name, open) => {
  let t: TestDatabase;
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let remote: Record<string, Stripe.Subscription>;

  beforeAll(async () => {
    t = await open();
    await t.handle.db.update(plans).set({ stripePriceIdMonthly: "price_team_monthly", stripePriceIdAnnual: "price_team_annual" }).where(eq(plans.id, "team"));
    standIn = await startStripeStandIn();
    remote = {};
    standIn.on("GET /v1/subscriptions/:id", (_req, { id }) => ({ json: remote[id] }));
    standIn.on("POST /v1/subscriptions/:id", (req, { id }) => {
      const quantity = Number(req.form["items[0][quantity]"]);
      remote[id] = { ...remote[id], items: { ...remote[id].items, data: [{ ...remote[id].items.data[0], quantity }] } };
      return { json: remote[id] };
    });
    standIn.on("POST /v1/checkout/sessions", { json: SESSION });
    stripe = standIn.stripe();
  });
  afterAll(async () => {
    await closeStripeStandIns();
    await t?.close();
  });

  function signedBody(type: string, object: unknown): { body: string; signature: string } {
    const body = JSON.stringify({ id: `evt_${randomUUID()}`, object: "event", type, api_version: "2025-03-31.basil", created: 1767225600, data: { object }, livemode: false, pending_webhooks: 1, request: null });
    return { body, signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) };
  }

  const billing = () => stripeBilling(stripe, "http://app.test", { secret: SECRET, queueMail: async () => {} });

  it("a webhook stores the item's quantity as the seats, and the hours follow", async () => {
    const user = await insertUser(t.handle.db);
    const sub = subscription({ id: "sub_team", priceId: "price_team_monthly", quantity: 5, metadata: { user_id: user, plan_id: "team", billing_interval: "monthly" } });
    remote[sub.id] = sub;
    const created = signedBody("customer.subscription.created", sub);
    expect(await billing().handleWebhook(t.handle.db, created.body, created.signature)).toBe("processed");
    const [row] = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, "sub_team"));
    expect(row).toMatchObject({ planId: "team", seats: 5 });
    expect((await entitlementsFor(t.handle.db, user)).secondsPerPeriod).toBe(5 * 40 * 3600);

    // Seats changed in Stripe's dashboard or portal arrive as an update (read back from Stripe, its latest state).
    remote[sub.id] = { ...sub, items: { ...sub.items, data: [{ ...sub.items.data[0], quantity: 2 }] } };
    const updated = signedBody("customer.subscription.updated", remote[sub.id]);
    await billing().handleWebhook(t.handle.db, updated.body, updated.signature);
    expect((await t.handle.db.select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0].seats).toBe(2);
  });

  it("changing seats goes to Stripe and the row shows it at once; fewer than the members is refused before Stripe is asked", async () => {
    const user = await insertUser(t.handle.db);
    const sub = subscription({ id: "sub_team2", priceId: "price_team_monthly", quantity: 3, metadata: { user_id: user, plan_id: "team", billing_interval: "monthly" } });
    remote[sub.id] = sub;
    await t.handle.db.insert(subscriptions).values({ id: randomUUID(), userId: user, planId: "team", status: "active", billingInterval: "monthly", provider: "stripe", stripeSubscriptionId: "sub_team2", seats: 3 });
    const ws = await insertWorkspace(t.handle.db, user);
    await addMember(t.handle.db, ws, await insertUser(t.handle.db), "member");
    await addMember(t.handle.db, ws, await insertUser(t.handle.db), "member");

    const before = standIn.requests.length;
    await expect(changeSeats(t.handle.db, billing(), user, 2)).rejects.toMatchObject({ kind: "unprocessable", message: "You have 3 members; remove members before going below 3 seats." });
    expect(standIn.requests.length).toBe(before);

    expect(await changeSeats(t.handle.db, billing(), user, 10)).toMatchObject({ seats: 10 });
    expect(remote.sub_team2.items.data[0].quantity).toBe(10);
    expect((await entitlementsFor(t.handle.db, user)).seats).toBe(10);
  });

  it("a Team checkout through Stripe buys the seats asked for", async () => {
    const user = await insertUser(t.handle.db);
    const url = await startCheckout(t.handle.db, billing(), { id: user, email: "team@example.com", stripeCustomerId: null }, { plan_id: "team", billing_interval: "monthly", seats: 12 }, NO_LANGUAGE_NOTE);
    expect(url).toBe(SESSION.url);
    const form = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.form;
    expect(form).toMatchObject({ "line_items[0][price]": "price_team_monthly", "line_items[0][quantity]": "12", "line_items[0][adjustable_quantity][minimum]": "1" });
  });
});
