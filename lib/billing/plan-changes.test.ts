import { eq } from "drizzle-orm";
import { subscriptions } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { subscription } from "@/test/support/stripe-fixtures";
import { closeStripeStandIns, startStripeStandIn } from "@/test/support/stripe-stand-in";
import { insertUser } from "@/test/support/users";
import { completeDemoCheckout } from "./demo/demo-checkout";
import { demoBilling } from "./demo/demo-provider";
import { billingPortalUrl, scheduleDowngrade, setCancellation, startCheckout } from "./plan-changes";
import { stripeBilling } from "./stripe/stripe-provider";

// A server whose engines transcribe every language the plan lists: checkout adds no note.
const ALL_LANGUAGES = async () => ({ count: 1, note: null });

describe.each(BACKENDS.slice(0, 1))("plan changes on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await closeStripeStandIns();
    await t?.close();
  });
  const billingUser = async (plan?: "pro" | "premium") => {
    const id = await insertUser(t.handle.db, plan);
    return { id, email: `${id}@example.com`, stripeCustomerId: null };
  };
  const buy = async (user: { id: string }, plan_id: string) => {
    const url = await startCheckout(t.handle.db, demoBilling, { ...user, email: "x@example.com", stripeCustomerId: null }, { plan_id, billing_interval: "monthly" }, ALL_LANGUAGES);
    return completeDemoCheckout(t.handle.db, user.id, url.split("/").pop()!);
  };

  it("from the default plan: checkout for pro or premium, nothing else", async () => {
    const { db } = t.handle;
    const user = await billingUser();
    expect(await startCheckout(db, demoBilling, user, { plan_id: "pro", billing_interval: "monthly" }, ALL_LANGUAGES)).toMatch(/^\/billing\/demo-checkout\/[0-9a-f-]{36}$/);
    for (const plan_id of ["free", "enterprise", "nonsense"]) {
      await expect(startCheckout(db, demoBilling, user, { plan_id, billing_interval: "monthly" }, ALL_LANGUAGES)).rejects.toMatchObject({ kind: "invalid", message: "Invalid plan change." });
    }
    await expect(scheduleDowngrade(db, demoBilling, user, { plan_id: "pro", billing_interval: "monthly" })).rejects.toMatchObject({ kind: "invalid" });
    expect(await billingPortalUrl(db, demoBilling, user)).toBe("/billing/demo-portal");
  });

  it("premium → pro is scheduled once; the same plan and interval again is a conflict", async () => {
    const { db } = t.handle;
    const user = await billingUser();
    await buy(user, "premium");
    await expect(startCheckout(db, demoBilling, user, { plan_id: "premium", billing_interval: "monthly" }, ALL_LANGUAGES)).rejects.toMatchObject({
      kind: "conflict",
      message: "You are already on Premium with monthly billing.",
    });
    await expect(startCheckout(db, demoBilling, user, { plan_id: "pro", billing_interval: "monthly" }, ALL_LANGUAGES)).rejects.toMatchObject({ kind: "invalid" });
    const message = await scheduleDowngrade(db, demoBilling, user, { plan_id: "pro", billing_interval: "monthly" });
    expect(message).toMatch(/^Downgrade to Pro scheduled for end of current period \(\d+ \w+ \d{4}\)\.$/);
    await expect(scheduleDowngrade(db, demoBilling, user, { plan_id: "pro", billing_interval: "monthly" })).rejects.toMatchObject({
      kind: "conflict",
      message: "A downgrade is already scheduled.",
    });
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row.scheduledPlanChange).toMatchObject({ plan_id: "pro", billing_interval: "monthly" });
  });

  it("cancel at period end and resume; without a subscription there is nothing to cancel", async () => {
    const { db } = t.handle;
    const user = await billingUser();
    await expect(setCancellation(db, demoBilling, user.id, true)).rejects.toMatchObject({ kind: "conflict", message: "You have no running subscription." });
    await buy(user, "pro");
    expect(await setCancellation(db, demoBilling, user.id, true)).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await setCancellation(db, demoBilling, user.id, false)).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it("cancelling drops a scheduled downgrade, as Stripe does: one state, never 'ends on' beside 'scheduled change'", async () => {
    const { db } = t.handle;
    const user = await billingUser();
    await buy(user, "premium");
    await scheduleDowngrade(db, demoBilling, user, { plan_id: "pro", billing_interval: "monthly" });
    expect(await setCancellation(db, demoBilling, user.id, true)).toMatchObject({ cancelAtPeriodEnd: true, scheduledPlanChange: null });
  });

  it("a Stripe subscription on a server without a Stripe key cannot be changed here", async () => {
    const { db } = t.handle;
    const user = await billingUser();
    await db.insert(subscriptions).values({ id: `s-${user.id}`, userId: user.id, planId: "premium", status: "active", billingInterval: "monthly", provider: "stripe", stripeSubscriptionId: `sub_${user.id}`, currentPeriodEnd: new Date(Date.now() + 86_400_000) });
    const unavailable = { kind: "unavailable", message: "Billing is not configured on this server. Contact support." };
    await expect(setCancellation(db, demoBilling, user.id, true)).rejects.toMatchObject(unavailable);
    await expect(scheduleDowngrade(db, demoBilling, user, { plan_id: "pro", billing_interval: "monthly" })).rejects.toMatchObject(unavailable);
    await expect(billingPortalUrl(db, demoBilling, user)).rejects.toMatchObject({ kind: "conflict", message: "There is no Stripe billing account for you yet." });
  });

  it("Stripe: cancel at period end is sent to Stripe, and the row follows through applySnapshot", async () => {
    const { db } = t.handle;
    const user = await billingUser();
    const stripeId = `sub_${user.id.slice(0, 8)}`;
    await db.insert(subscriptions).values({ id: `s-${user.id}`, userId: user.id, planId: "pro", status: "active", billingInterval: "monthly", provider: "stripe", stripeSubscriptionId: stripeId });
    const standIn = await startStripeStandIn();
    standIn.on("POST /v1/subscriptions/:id", (_req, { id }) => ({ json: subscription({ id, status: "active" }) }));
    const billing = stripeBilling(standIn.stripe(), "http://app.test");
    expect(await setCancellation(db, billing, user.id, true)).toMatchObject({ cancelAtPeriodEnd: true, stripeScheduleId: null });
    expect(standIn.requests.at(-1)).toMatchObject({ path: `/v1/subscriptions/${stripeId}`, form: { cancel_at_period_end: "true" } });
    await expect(startCheckout(db, billing, user, { plan_id: "premium", billing_interval: "monthly" }, ALL_LANGUAGES)).rejects.toMatchObject({
      kind: "unavailable",
      message: "Premium has no Stripe price for monthly billing yet. An operator sets it in the admin panel.",
    });
  });
});
