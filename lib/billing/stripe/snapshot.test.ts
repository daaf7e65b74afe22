import type { BillingInterval } from "../subscription-types";
import { mapStripeStatus, scheduledChangeFromSchedule, snapshotFromStripe, type PriceResolver } from "./snapshot";
import { PERIOD_END, PERIOD_START, schedule, subscription } from "@/test/support/stripe-fixtures";

const PRICES: Record<string, { planId: string; billingInterval: BillingInterval }> = {
  price_pro_monthly: { planId: "pro", billingInterval: "monthly" },
  price_pro_annual: { planId: "pro", billingInterval: "annual" },
  price_premium_monthly: { planId: "premium", billingInterval: "monthly" },
};
const resolve: PriceResolver = (priceId) => PRICES[priceId] ?? null;
const resolveNothing: PriceResolver = () => null;

describe("snapshotFromStripe", () => {
  it("maps an active subscription with item-level periods (current API versions)", () => {
    expect(snapshotFromStripe(subscription({ priceId: "price_premium_monthly" }), resolve)).toEqual({
      userId: "user_1",
      provider: "stripe",
      externalId: "sub_123",
      planId: "premium",
      billingInterval: "monthly",
      status: "active",
      currentPeriodStart: new Date(PERIOD_START * 1000),
      currentPeriodEnd: new Date(PERIOD_END * 1000),
      trialEnd: null,
      cancelAtPeriodEnd: false,
      scheduledPlanChange: null,
      scheduleId: null,
      seats: 1,
    });
  });

  it("reads the seats of a per-seat plan from the item's quantity (1 when Stripe sends none)", () => {
    expect(snapshotFromStripe(subscription({ priceId: "price_premium_monthly", quantity: 7 }), resolve)?.seats).toBe(7);
    const noQuantity = subscription();
    delete (noQuantity.items.data[0] as { quantity?: number }).quantity;
    expect(snapshotFromStripe(noQuantity, resolve)?.seats).toBe(1);
  });

  it("reads top-level periods (API versions before 2025-03-31.basil)", () => {
    const snap = snapshotFromStripe(subscription({ periodOn: "subscription" }), resolve);
    expect(snap?.currentPeriodStart).toEqual(new Date(PERIOD_START * 1000));
    expect(snap?.currentPeriodEnd).toEqual(new Date(PERIOD_END * 1000));
  });

  it.each([
    ["active", "active"],
    ["trialing", "trialing"],
    ["past_due", "past_due"],
    ["unpaid", "unpaid"],
    ["canceled", "canceled"],
    ["paused", "past_due"],
  ])("maps status %s → %s", (stripeStatus, ours) => {
    expect(mapStripeStatus(stripeStatus)).toBe(ours);
    expect(snapshotFromStripe(subscription({ status: stripeStatus }), resolve)?.status).toBe(ours);
  });

  it.each(["incomplete", "incomplete_expired", "some_future_status"])("is null for status %s", (status) => {
    expect(mapStripeStatus(status)).toBeNull();
    expect(snapshotFromStripe(subscription({ status }), resolve)).toBeNull();
  });

  it("takes the plan from the price, even when metadata names another plan", () => {
    const sub = subscription({ priceId: "price_pro_annual", interval: "year", metadata: { user_id: "user_1", plan_id: "premium" } });
    expect(snapshotFromStripe(sub, resolve)).toMatchObject({ planId: "pro", billingInterval: "annual" });
  });

  it("falls back to metadata.plan_id and the price's interval for an unknown price", () => {
    const monthly = subscription({ priceId: "price_legacy", interval: "month", metadata: { user_id: "user_1", plan_id: "pro" } });
    const annual = subscription({ priceId: "price_legacy", interval: "year", metadata: { user_id: "user_1", plan_id: "pro" } });
    expect(snapshotFromStripe(monthly, resolveNothing)).toMatchObject({ planId: "pro", billingInterval: "monthly" });
    expect(snapshotFromStripe(annual, resolveNothing)).toMatchObject({ planId: "pro", billingInterval: "annual" });
    // no plan anywhere → nothing to store
    expect(snapshotFromStripe(subscription({ metadata: { user_id: "user_1" } }), resolveNothing)).toBeNull();
  });

  it("takes the user from metadata, else the fallback, else gives up", () => {
    expect(snapshotFromStripe(subscription(), resolve, "user_fallback")?.userId).toBe("user_1");
    expect(snapshotFromStripe(subscription({ metadata: { plan_id: "pro" } }), resolve, "user_fallback")?.userId).toBe("user_fallback");
    expect(snapshotFromStripe(subscription({ metadata: { plan_id: "pro" } }), resolve)).toBeNull();
  });

  it("reads the trial end, cancellation and schedule", () => {
    const trial = snapshotFromStripe(subscription({ status: "trialing", trialEnd: PERIOD_END }), resolve);
    expect(trial).toMatchObject({ status: "trialing", trialEnd: new Date(PERIOD_END * 1000) });

    expect(snapshotFromStripe(subscription({ cancelAtPeriodEnd: true }), resolve)?.cancelAtPeriodEnd).toBe(true);
    expect(snapshotFromStripe(subscription({ cancelAt: PERIOD_END }), resolve)?.cancelAtPeriodEnd).toBe(true);

    expect(snapshotFromStripe(subscription({ schedule: "sub_sched_1" }), resolve)?.scheduleId).toBe("sub_sched_1");
    const expanded = snapshotFromStripe(subscription({ schedule: { id: "sub_sched_2" } }), resolve);
    expect(expanded?.scheduleId).toBe("sub_sched_2");
    expect(expanded?.scheduledPlanChange).toBeNull();
  });
});

describe("scheduledChangeFromSchedule", () => {
  const now = { priceId: "price_premium_monthly", start: PERIOD_START, end: PERIOD_END };
  const later = (priceId: string, metadata?: Record<string, string>) => ({
    priceId,
    start: PERIOD_END,
    end: PERIOD_END + 30 * 86400,
    metadata,
  });

  it("returns the next phase's plan when its price differs", () => {
    expect(scheduledChangeFromSchedule(schedule({ phases: [now, later("price_pro_monthly")] }), resolve)).toEqual({
      plan_id: "pro",
      billing_interval: "monthly",
      effective_at: new Date(PERIOD_END * 1000).toISOString(),
    });
  });

  it("looks after the phase in effect, not the first one", () => {
    const earlier = { priceId: "price_pro_annual", start: PERIOD_START - 365 * 86400, end: PERIOD_START };
    const s = schedule({ phases: [earlier, now, later("price_pro_monthly")], current: 1 });
    expect(scheduledChangeFromSchedule(s, resolve)?.plan_id).toBe("pro");
    expect(scheduledChangeFromSchedule(schedule({ phases: [earlier, now], current: 1 }), resolve)).toBeNull();
  });

  it("falls back to the next phase's metadata for an unknown price", () => {
    const s = schedule({ phases: [now, later("price_legacy", { plan_id: "pro", billing_interval: "annual" })] });
    expect(scheduledChangeFromSchedule(s, resolveNothing)).toMatchObject({ plan_id: "pro", billing_interval: "annual" });
    const bad = schedule({ phases: [now, later("price_legacy", { plan_id: "pro", billing_interval: "weekly" })] });
    expect(scheduledChangeFromSchedule(bad, resolveNothing)).toBeNull();
  });

  it("is null when nothing changes or nothing is queued", () => {
    expect(scheduledChangeFromSchedule(schedule({ phases: [now] }), resolve)).toBeNull();
    expect(scheduledChangeFromSchedule(schedule({ phases: [now, later("price_premium_monthly")] }), resolve)).toBeNull();
  });

  it("is null for a schedule that is no longer live", () => {
    for (const status of ["released", "canceled", "completed"]) {
      const s = schedule({ status, phases: [now, later("price_pro_monthly")], current: null });
      expect(scheduledChangeFromSchedule(s, resolve)).toBeNull();
    }
  });
});
