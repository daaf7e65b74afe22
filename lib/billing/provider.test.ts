import { eq } from "drizzle-orm";
import { subscriptions } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { subscription } from "@/test/support/stripe-fixtures";
import { closeStripeStandIns, startStripeStandIn, type StripeStandIn } from "@/test/support/stripe-stand-in";
import { insertUser } from "@/test/support/users";
import { billingPortalUrl, setCancellation } from "./plan-changes";
import { billingProvider } from "./provider";

const STRIPE_VARS = ["STRIPE_SECRET_KEY", "STRIPE_API_BASE", "STRIPE_WEBHOOK_SECRET"] as const;

describe.each(BACKENDS.slice(0, 1))("this server's billing provider, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  const saved = Object.fromEntries(STRIPE_VARS.map((name) => [name, process.env[name]]));
  let standIn: StripeStandIn;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    standIn.on("POST /v1/subscriptions/:id", (_req, { id }) => ({ json: subscription({ id, status: "active" }) }));
  });
  afterEach(() => {
    for (const name of STRIPE_VARS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
  afterAll(closeStripeStandIns);

  const withStripe = (webhookSecret = "whsec_test") =>
    Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_API_BASE: `http://127.0.0.1:${standIn.port}`, STRIPE_WEBHOOK_SECRET: webhookSecret });

  it("without a Stripe key: test payments (the demo pages are open), and no webhooks", async () => {
    for (const name of STRIPE_VARS) delete process.env[name];
    const billing = billingProvider();
    expect(billing.testPayments).toBe(true);
    await expect(billing.handleWebhook(t.db, "{}", "t=1,v1=x")).rejects.toMatchObject({ kind: "not_found", message: "Stripe is not configured on this server." });
  });

  it("with a Stripe key: real payments, and its webhooks check the signature", async () => {
    withStripe();
    const billing = billingProvider();
    expect(billing.testPayments).toBe(false);
    await expect(billing.handleWebhook(t.db, "{}", null)).rejects.toMatchObject({ kind: "invalid", message: "Missing Stripe-Signature header." });
    await expect(billing.handleWebhook(t.db, "{}", "t=1,v1=forged")).rejects.toMatchObject({ kind: "invalid", message: "Invalid Stripe signature." });
  });

  it("with a Stripe key, a demo subscription from before it is still changed by the demo provider, a Stripe one at Stripe", async () => {
    withStripe();
    const demoUser = { id: await insertUser(t.db), stripeCustomerId: null };
    await t.db.insert(subscriptions).values({ id: `s-${demoUser.id}`, userId: demoUser.id, planId: "pro", status: "active", billingInterval: "monthly", provider: "demo" });
    const before = standIn.requests.length;
    expect(await setCancellation(t.db, billingProvider(), demoUser.id, true)).toMatchObject({ cancelAtPeriodEnd: true, provider: "demo" });
    expect(await billingPortalUrl(t.db, billingProvider(), { ...demoUser, email: "demo@example.com" })).toBe("/billing/demo-portal");
    expect(standIn.requests.length).toBe(before);

    const stripeUser = await insertUser(t.db);
    await t.db.insert(subscriptions).values({ id: `s-${stripeUser}`, userId: stripeUser, planId: "pro", status: "active", billingInterval: "monthly", provider: "stripe", stripeSubscriptionId: "sub_paid" });
    expect(await setCancellation(t.db, billingProvider(), stripeUser, true)).toMatchObject({ cancelAtPeriodEnd: true });
    expect(standIn.calls().slice(before)).toEqual(["POST /v1/subscriptions/sub_paid"]);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, stripeUser));
    expect(row.provider).toBe("stripe");
  });
});
