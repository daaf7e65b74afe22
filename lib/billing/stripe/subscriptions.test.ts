import { BillingProviderError } from "./errors";
import {
  cancelSubscriptionNow,
  retrieveSubscription,
  setCancelAtPeriodEnd,
  SUBSCRIPTION_CANCEL_FAILED_MESSAGE,
  SUBSCRIPTION_LOAD_FAILED_MESSAGE,
  SUBSCRIPTION_UPDATE_FAILED_MESSAGE,
} from "./subscriptions";
import { subscription } from "@/test/support/stripe-fixtures";
import { closeStripeStandIns, resourceMissing, startStripeStandIn, stripeError } from "@/test/support/stripe-stand-in";

afterEach(closeStripeStandIns);

describe("setCancelAtPeriodEnd", () => {
  it("sets cancel_at_period_end=true to cancel and false to resume", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("POST /v1/subscriptions/:id", (req, { id }) => ({
      json: subscription({ id, cancelAtPeriodEnd: req.form.cancel_at_period_end === "true" }),
    }));
    const stripe = standIn.stripe();

    const canceled = await setCancelAtPeriodEnd(stripe, "sub_123", true);
    const resumed = await setCancelAtPeriodEnd(stripe, "sub_123", false);

    expect(standIn.calls()).toEqual(["POST /v1/subscriptions/sub_123", "POST /v1/subscriptions/sub_123"]);
    expect(standIn.requests.map((r) => r.form)).toEqual([
      { cancel_at_period_end: "true" },
      { cancel_at_period_end: "false" },
    ]);
    expect([canceled.cancel_at_period_end, resumed.cancel_at_period_end]).toEqual([true, false]);
  });

  it("throws a BillingProviderError when Stripe fails", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("POST /v1/subscriptions/:id", stripeError(500));

    const error = await setCancelAtPeriodEnd(standIn.stripe(), "sub_123", true).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingProviderError);
    expect(error).toMatchObject({ kind: "provider_failed", message: SUBSCRIPTION_UPDATE_FAILED_MESSAGE });
  });
});

describe("cancelSubscriptionNow", () => {
  it("cancels with a proration and no invoice now", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("DELETE /v1/subscriptions/:id", (_req, { id }) => ({ json: subscription({ id, status: "canceled" }) }));

    const result = await cancelSubscriptionNow(standIn.stripe(), "sub_123");

    expect(result?.status).toBe("canceled");
    expect(standIn.calls()).toEqual(["DELETE /v1/subscriptions/sub_123"]);
    // the SDK sends a DELETE's parameters in the query string
    expect(standIn.requests[0].query).toEqual({ prorate: "true", invoice_now: "false" });
    expect(standIn.requests[0].form).toEqual({});
  });

  it("treats a subscription Stripe no longer knows as already gone", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("DELETE /v1/subscriptions/:id", resourceMissing("subscription: 'sub_123'"));

    await expect(cancelSubscriptionNow(standIn.stripe(), "sub_123")).resolves.toBeNull();
  });

  it("throws a BillingProviderError on other failures", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("DELETE /v1/subscriptions/:id", stripeError(500));

    const error = await cancelSubscriptionNow(standIn.stripe(), "sub_123").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingProviderError);
    expect(error).toMatchObject({ kind: "provider_failed", message: SUBSCRIPTION_CANCEL_FAILED_MESSAGE });
  });
});

describe("retrieveSubscription", () => {
  it("loads the subscription, or null when it does not exist", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("GET /v1/subscriptions/sub_123", { json: subscription() });
    standIn.on("GET /v1/subscriptions/sub_gone", resourceMissing("subscription"));
    const stripe = standIn.stripe();

    expect((await retrieveSubscription(stripe, "sub_123"))?.id).toBe("sub_123");
    await expect(retrieveSubscription(stripe, "sub_gone")).resolves.toBeNull();
    expect(standIn.requests[0].query).toEqual({});
  });

  it("throws a BillingProviderError when Stripe fails", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("GET /v1/subscriptions/:id", stripeError(500));

    const error = await retrieveSubscription(standIn.stripe(), "sub_123").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingProviderError);
    expect(error).toMatchObject({ kind: "provider_failed", message: SUBSCRIPTION_LOAD_FAILED_MESSAGE });
  });
});
