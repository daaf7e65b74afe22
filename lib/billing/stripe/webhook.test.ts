import Stripe from "stripe";
import { subscription } from "@/test/support/stripe-fixtures";
import { verifyWebhook } from "./webhook";

/** The DomainError a refused delivery throws. */
function refusal(call: () => unknown) {
  try {
    call();
  } catch (error) {
    return { kind: (error as { kind?: string }).kind, detail: (error as Error).message };
  }
  throw new Error("verifyWebhook accepted it");
}

const stripe = new Stripe("sk_test_x");
const SECRET = "whsec_test_secret";

const payload = JSON.stringify(
  {
    id: "evt_1",
    object: "event",
    type: "customer.subscription.updated",
    api_version: Stripe.API_VERSION,
    created: 1767225600,
    data: { object: subscription() },
  },
  null,
  2,
);

describe("verifyWebhook", () => {
  it("accepts an event signed with the endpoint secret", () => {
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const event = verifyWebhook(stripe, payload, signature, SECRET);
    expect(event.id).toBe("evt_1");
    expect(event.type).toBe("customer.subscription.updated");
  });

  it("rejects a signature made with another secret", () => {
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    expect(refusal(() => verifyWebhook(stripe, payload, signature, SECRET))).toEqual({ kind: "invalid", detail: "Invalid Stripe signature." });
  });

  it("rejects a tampered body", () => {
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const tampered = payload.replace('"status": "active"', '"status": "canceled"');
    expect(tampered).not.toBe(payload);
    expect(refusal(() => verifyWebhook(stripe, tampered, signature, SECRET))).toEqual({ kind: "invalid", detail: "Invalid Stripe signature." });
    // a re-serialized body is "tampered" too: the raw bytes must be passed through
    expect(refusal(() => verifyWebhook(stripe, JSON.stringify(JSON.parse(payload)), signature, SECRET))).toEqual({ kind: "invalid", detail: "Invalid Stripe signature." });
  });

  it("rejects a missing or malformed header", () => {
    expect(refusal(() => verifyWebhook(stripe, payload, null, SECRET))).toEqual({ kind: "invalid", detail: "Missing Stripe-Signature header." });
    expect(refusal(() => verifyWebhook(stripe, payload, "", SECRET))).toEqual({ kind: "invalid", detail: "Missing Stripe-Signature header." });
    expect(refusal(() => verifyWebhook(stripe, payload, "t=1,v1=deadbeef", SECRET))).toEqual({ kind: "invalid", detail: "Invalid Stripe signature." });
  });

  it("rejects an old signature (replay)", () => {
    const old = Math.floor(Date.now() / 1000) - 3600;
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: old });
    expect(refusal(() => verifyWebhook(stripe, payload, signature, SECRET))).toEqual({ kind: "invalid", detail: "Invalid Stripe signature." });
  });

  it("rejects a signed body that is not JSON", () => {
    const body = "not json";
    const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
    expect(refusal(() => verifyWebhook(stripe, body, signature, SECRET))).toEqual({ kind: "invalid", detail: "Invalid webhook payload." });
  });
});
