import { CHECKOUT_FAILED_MESSAGE, createCheckoutSession, type CheckoutInput } from "./checkout";
import { BillingProviderError } from "./errors";
import { closeStripeStandIns, startStripeStandIn, stripeError } from "@/test/support/stripe-stand-in";

afterEach(closeStripeStandIns);

const INPUT: CheckoutInput = {
  userId: "user_1",
  email: "ada@example.com",
  customerId: null,
  priceId: "price_pro_monthly",
  planId: "pro",
  billingInterval: "monthly",
  trialDays: 0,
  languagesNote: null,
  successUrl: "http://localhost:3000/billing?checkout=success",
  cancelUrl: "http://localhost:3000/pricing?checkout=canceled",
};

const SESSION = { id: "cs_test_1", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_1" };

async function captureError(promise: Promise<unknown>): Promise<BillingProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BillingProviderError);
  return error as BillingProviderError;
}

describe("createCheckoutSession", () => {
  it("opens a subscription-mode session for a new customer, without a trial", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("POST /v1/checkout/sessions", { json: SESSION });

    await expect(createCheckoutSession(standIn.stripe(), INPUT)).resolves.toEqual({
      id: "cs_test_1",
      url: "https://checkout.stripe.com/c/pay/cs_test_1",
    });

    expect(standIn.calls()).toEqual(["POST /v1/checkout/sessions"]);
    const [req] = standIn.requests;
    expect(req.authorization).toBe("Bearer sk_test_x");
    expect(req.contentType).toContain("application/x-www-form-urlencoded");
    expect(req.form).toEqual({
      mode: "subscription",
      "line_items[0][price]": "price_pro_monthly",
      "line_items[0][quantity]": "1",
      client_reference_id: "user_1",
      customer_email: "ada@example.com",
      "subscription_data[metadata][user_id]": "user_1",
      "subscription_data[metadata][plan_id]": "pro",
      "subscription_data[metadata][billing_interval]": "monthly",
      "metadata[user_id]": "user_1",
      "metadata[plan_id]": "pro",
      "metadata[billing_interval]": "monthly",
      allow_promotion_codes: "true",
      success_url: "http://localhost:3000/billing?checkout=success",
      cancel_url: "http://localhost:3000/pricing?checkout=canceled",
    });
  });

  it("reuses an existing customer and sends the trial only when there is one", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("POST /v1/checkout/sessions", { json: SESSION });
    const stripe = standIn.stripe();

    await createCheckoutSession(stripe, {
      ...INPUT,
      customerId: "cus_42",
      priceId: "price_premium_annual",
      planId: "premium",
      billingInterval: "annual",
      trialDays: 14,
    });
    const form = standIn.requests[0].form;
    expect(form.customer).toBe("cus_42");
    expect(form).not.toHaveProperty("customer_email");
    expect(form["subscription_data[trial_period_days]"]).toBe("14");
    expect(form["line_items[0][price]"]).toBe("price_premium_annual");
    expect(form["subscription_data[metadata][plan_id]"]).toBe("premium");
    expect(form["subscription_data[metadata][billing_interval]"]).toBe("annual");
    expect(form["metadata[billing_interval]"]).toBe("annual");

    await createCheckoutSession(stripe, { ...INPUT, customerId: "cus_42", trialDays: 0 });
    expect(Object.keys(standIn.requests[1].form).filter((k) => k.includes("trial"))).toEqual([]);
    expect(standIn.requests[1].form.customer).toBe("cus_42");
  });

  it("shows above the pay button what this server transcribes of the plan's languages, when fewer", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("POST /v1/checkout/sessions", { json: SESSION });
    const note = "Pro lists 33 languages. This server transcribes 1 of them today: English.";
    await createCheckoutSession(standIn.stripe(), { ...INPUT, languagesNote: note });
    expect(standIn.requests[0].form["custom_text[submit][message]"]).toBe(note);
    await createCheckoutSession(standIn.stripe(), INPUT);
    expect(Object.keys(standIn.requests[1].form).filter((k) => k.startsWith("custom_text"))).toEqual([]);
  });

  it.each([
    ["a 400", stripeError(400, { code: "resource_missing", message: "No such price: 'price_pro_monthly'" })],
    ["a 500", stripeError(500, { message: "An unknown error occurred" })],
    ["a 401", stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided: sk_test_x" })],
  ])("turns %s from Stripe into a clean BillingProviderError", async (_label, reply) => {
    const standIn = await startStripeStandIn();
    standIn.on("POST /v1/checkout/sessions", reply);

    const error = await captureError(createCheckoutSession(standIn.stripe(), INPUT));
    expect(error.kind).toBe("provider_failed");
    expect(error.message).toBe(CHECKOUT_FAILED_MESSAGE);
    expect(error.message).not.toContain("sk_test");
    expect(error.requestId).toMatch(/^req_standin_/);
  });

  it("fails when Stripe answers without a checkout URL", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("POST /v1/checkout/sessions", { json: { ...SESSION, url: null } });

    const error = await captureError(createCheckoutSession(standIn.stripe(), INPUT));
    expect([error.kind, error.message]).toEqual(["provider_failed", CHECKOUT_FAILED_MESSAGE]);
  });

  it("fails cleanly when Stripe cannot be reached", async () => {
    const standIn = await startStripeStandIn();
    const stripe = standIn.stripe();
    await standIn.close();

    const error = await captureError(createCheckoutSession(stripe, INPUT));
    expect([error.kind, error.message]).toEqual(["provider_failed", CHECKOUT_FAILED_MESSAGE]);
  });
});
