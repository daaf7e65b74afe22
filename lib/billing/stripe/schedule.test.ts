import { BillingProviderError } from "./errors";
import {
  cancelScheduledDowngrade,
  SCHEDULE_CANCEL_FAILED_MESSAGE,
  SCHEDULE_FAILED_MESSAGE,
  scheduleDowngrade,
} from "./schedule";
import { PERIOD_END, PERIOD_START, price, schedule, subscription } from "@/test/support/stripe-fixtures";
import {
  closeStripeStandIns,
  resourceMissing,
  startStripeStandIn,
  stripeError,
  type StripeStandIn,
} from "@/test/support/stripe-stand-in";

afterEach(closeStripeStandIns);

const NEXT_END = PERIOD_END + 28 * 86400;

/** The phase in effect on the premium price, as Stripe creates it from the subscription. */
const PREMIUM_NOW = { priceId: "price_premium_monthly", start: PERIOD_START, end: PERIOD_END };

/** Echoes the update back as the schedule would be (enough for the code, which ignores it). */
function acceptUpdates(standIn: StripeStandIn) {
  standIn.on("POST /v1/subscription_schedules/:id", (_req, { id }) => ({
    json: schedule({ id, phases: [PREMIUM_NOW, { priceId: "price_pro_monthly", start: PERIOD_END, end: NEXT_END }] }),
  }));
}

/** The exact form of the schedule update that moves premium → pro monthly at PERIOD_END. */
const EXPECTED_UPDATE = {
  "phases[0][items][0][price]": "price_premium_monthly",
  "phases[0][items][0][quantity]": "1",
  "phases[0][start_date]": String(PERIOD_START),
  "phases[0][end_date]": String(PERIOD_END),
  "phases[1][items][0][price]": "price_pro_monthly",
  "phases[1][items][0][quantity]": "1",
  "phases[1][duration][interval]": "month",
  "phases[1][duration][interval_count]": "1",
  "phases[1][metadata][plan_id]": "pro",
  "phases[1][metadata][billing_interval]": "monthly",
  end_behavior: "release",
  proration_behavior: "none",
};

describe("scheduleDowngrade", () => {
  it("creates a schedule from the subscription, then queues the target price after the current phase", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("GET /v1/subscriptions/sub_123", { json: subscription({ priceId: "price_premium_monthly" }) });
    standIn.on("POST /v1/subscription_schedules", { json: schedule({ id: "sub_sched_new", phases: [PREMIUM_NOW] }) });
    acceptUpdates(standIn);

    const result = await scheduleDowngrade(standIn.stripe(), {
      subscriptionId: "sub_123",
      targetPriceId: "price_pro_monthly",
      existingScheduleId: null,
      targetPlanId: "pro",
      targetBillingInterval: "monthly",
    });

    expect(result).toEqual({ scheduleId: "sub_sched_new", effectiveAt: new Date(PERIOD_END * 1000) });
    expect(standIn.calls()).toEqual([
      "GET /v1/subscriptions/sub_123",
      "POST /v1/subscription_schedules",
      "POST /v1/subscription_schedules/sub_sched_new",
    ]);
    expect(standIn.requests[1].form).toEqual({ from_subscription: "sub_123" });
    expect(standIn.requests[2].form).toEqual(EXPECTED_UPDATE);
  });

  it("reuses the stored schedule while it is live, replacing a change it already had queued", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("GET /v1/subscription_schedules/sub_sched_old", {
      json: schedule({
        id: "sub_sched_old",
        phases: [PREMIUM_NOW, { priceId: "price_pro_annual", start: PERIOD_END, end: PERIOD_END + 365 * 86400 }],
      }),
    });
    acceptUpdates(standIn);

    const result = await scheduleDowngrade(standIn.stripe(), {
      subscriptionId: "sub_123",
      targetPriceId: "price_pro_monthly",
      existingScheduleId: "sub_sched_old",
      targetPlanId: "pro",
      targetBillingInterval: "monthly",
    });

    expect(result.scheduleId).toBe("sub_sched_old");
    expect(standIn.calls()).toEqual([
      "GET /v1/subscription_schedules/sub_sched_old",
      "POST /v1/subscription_schedules/sub_sched_old",
    ]);
    expect(standIn.requests[1].form).toEqual(EXPECTED_UPDATE);
  });

  it("uses the schedule attached to the subscription when the stored one was released", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("GET /v1/subscription_schedules/sub_sched_old", {
      json: schedule({ id: "sub_sched_old", status: "released", phases: [PREMIUM_NOW], current: null }),
    });
    standIn.on("GET /v1/subscriptions/sub_123", { json: subscription({ schedule: "sub_sched_attached" }) });
    standIn.on("GET /v1/subscription_schedules/sub_sched_attached", {
      json: schedule({ id: "sub_sched_attached", phases: [PREMIUM_NOW] }),
    });
    acceptUpdates(standIn);

    const result = await scheduleDowngrade(standIn.stripe(), {
      subscriptionId: "sub_123",
      targetPriceId: "price_pro_monthly",
      existingScheduleId: "sub_sched_old",
      targetPlanId: "pro",
      targetBillingInterval: "monthly",
    });

    expect(result.scheduleId).toBe("sub_sched_attached");
    expect(standIn.calls()).toEqual([
      "GET /v1/subscription_schedules/sub_sched_old",
      "GET /v1/subscriptions/sub_123",
      "GET /v1/subscription_schedules/sub_sched_attached",
      "POST /v1/subscription_schedules/sub_sched_attached",
    ]);
    expect(standIn.requests[3].form).toEqual(EXPECTED_UPDATE);
  });

  it("creates a new schedule when the stored one no longer exists", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("GET /v1/subscription_schedules/sub_sched_gone", resourceMissing("subscription_schedule"));
    standIn.on("GET /v1/subscriptions/sub_123", { json: subscription() });
    standIn.on("POST /v1/subscription_schedules", { json: schedule({ id: "sub_sched_new", phases: [PREMIUM_NOW] }) });
    acceptUpdates(standIn);

    const result = await scheduleDowngrade(standIn.stripe(), {
      subscriptionId: "sub_123",
      targetPriceId: "price_pro_monthly",
      existingScheduleId: "sub_sched_gone",
      targetPlanId: "pro",
      targetBillingInterval: "monthly",
    });
    expect(result.scheduleId).toBe("sub_sched_new");
    expect(standIn.requests[2].form).toEqual({ from_subscription: "sub_123" });
  });

  it("keeps the current phase exactly: quantity, trial end, discounts and metadata", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("GET /v1/subscription_schedules/sub_sched_1", {
      json: schedule({
        phases: [
          {
            ...PREMIUM_NOW,
            quantity: 2,
            trialEnd: PERIOD_END,
            metadata: { campaign: "spring" },
            discounts: [{ discount: "di_1", coupon: "SPRING" }, { coupon: "LOYAL" }],
          },
        ],
      }),
    });
    acceptUpdates(standIn);

    await scheduleDowngrade(standIn.stripe(), {
      subscriptionId: "sub_123",
      targetPriceId: "price_pro_monthly",
      existingScheduleId: "sub_sched_1",
      targetBillingInterval: "monthly",
    });

    expect(standIn.requests[1].form).toEqual({
      "phases[0][items][0][price]": "price_premium_monthly",
      "phases[0][items][0][quantity]": "2",
      "phases[0][start_date]": String(PERIOD_START),
      "phases[0][end_date]": String(PERIOD_END),
      "phases[0][trial_end]": String(PERIOD_END),
      "phases[0][discounts][0][discount]": "di_1",
      "phases[0][discounts][1][coupon]": "LOYAL",
      "phases[0][metadata][campaign]": "spring",
      "phases[1][items][0][price]": "price_pro_monthly",
      "phases[1][items][0][quantity]": "1",
      "phases[1][duration][interval]": "month",
      "phases[1][duration][interval_count]": "1",
      end_behavior: "release",
      proration_behavior: "none",
    });
  });

  it("keeps the phase in effect, not an earlier one, and reads the duration from the price when not given", async () => {
    const standIn = await startStripeStandIn();
    const earlier = { priceId: "price_premium_monthly", start: PERIOD_START - 31 * 86400, end: PERIOD_START };
    standIn.on("GET /v1/subscription_schedules/sub_sched_1", {
      json: schedule({ phases: [earlier, PREMIUM_NOW], current: 1 }),
    });
    standIn.on("GET /v1/prices/price_pro_annual", { json: price("price_pro_annual", "year") });
    acceptUpdates(standIn);

    const result = await scheduleDowngrade(standIn.stripe(), {
      subscriptionId: "sub_123",
      targetPriceId: "price_pro_annual",
      existingScheduleId: "sub_sched_1",
    });

    expect(result.effectiveAt).toEqual(new Date(PERIOD_END * 1000));
    expect(standIn.calls()).toEqual([
      "GET /v1/prices/price_pro_annual",
      "GET /v1/subscription_schedules/sub_sched_1",
      "POST /v1/subscription_schedules/sub_sched_1",
    ]);
    const form = standIn.requests[2].form;
    expect(form["phases[0][start_date]"]).toBe(String(PERIOD_START));
    expect(form["phases[0][end_date]"]).toBe(String(PERIOD_END));
    expect(form["phases[1][items][0][price]"]).toBe("price_pro_annual");
    expect(form["phases[1][duration][interval]"]).toBe("year");
    expect(Object.keys(form).some((k) => k.startsWith("phases[2]"))).toBe(false);
    expect(Object.keys(form).some((k) => k.includes("[metadata]"))).toBe(false);
  });

  it.each([
    ["the update fails", "POST /v1/subscription_schedules/:id", stripeError(500)],
    ["creating the schedule is refused", "POST /v1/subscription_schedules", stripeError(400, { message: "Nope" })],
    ["the subscription is unknown", "GET /v1/subscriptions/sub_123", resourceMissing("subscription")],
  ])("throws a BillingProviderError when %s", async (_label, route, reply) => {
    const standIn = await startStripeStandIn();
    standIn.on("GET /v1/subscriptions/sub_123", { json: subscription() });
    standIn.on("POST /v1/subscription_schedules", { json: schedule({ id: "sub_sched_new", phases: [PREMIUM_NOW] }) });
    acceptUpdates(standIn);
    standIn.on(route, reply);

    const error = await scheduleDowngrade(standIn.stripe(), {
      subscriptionId: "sub_123",
      targetPriceId: "price_pro_monthly",
      existingScheduleId: null,
      targetBillingInterval: "monthly",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingProviderError);
    expect(error).toMatchObject({ kind: "provider_failed", message: SCHEDULE_FAILED_MESSAGE });
  });
});

describe("cancelScheduledDowngrade", () => {
  it("releases the schedule", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("POST /v1/subscription_schedules/:id/release", (_req, { id }) => ({
      json: schedule({ id, status: "released", phases: [PREMIUM_NOW], current: null }),
    }));

    await expect(cancelScheduledDowngrade(standIn.stripe(), "sub_sched_1")).resolves.toBeUndefined();
    expect(standIn.calls()).toEqual(["POST /v1/subscription_schedules/sub_sched_1/release"]);
    expect(standIn.requests[0].form).toEqual({});
  });

  it("counts a schedule already released, or unknown, as done", async () => {
    const standIn = await startStripeStandIn();
    standIn.on(
      "POST /v1/subscription_schedules/sub_sched_1/release",
      stripeError(400, { message: "You cannot release a subscription schedule that is currently in the `released` status." }),
    );
    standIn.on("GET /v1/subscription_schedules/sub_sched_1", {
      json: schedule({ status: "released", phases: [PREMIUM_NOW], current: null }),
    });
    standIn.on("POST /v1/subscription_schedules/sub_sched_gone/release", resourceMissing("subscription_schedule"));
    const stripe = standIn.stripe();

    await expect(cancelScheduledDowngrade(stripe, "sub_sched_1")).resolves.toBeUndefined();
    await expect(cancelScheduledDowngrade(stripe, "sub_sched_gone")).resolves.toBeUndefined();
  });

  it("throws a BillingProviderError when a live schedule cannot be released", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("POST /v1/subscription_schedules/sub_sched_1/release", stripeError(500));
    standIn.on("GET /v1/subscription_schedules/sub_sched_1", { json: schedule({ phases: [PREMIUM_NOW] }) });

    const error = await cancelScheduledDowngrade(standIn.stripe(), "sub_sched_1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingProviderError);
    expect(error).toMatchObject({ kind: "provider_failed", message: SCHEDULE_CANCEL_FAILED_MESSAGE });
  });
});
