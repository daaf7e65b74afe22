import Stripe from "stripe";
import { subscription } from "@/test/support/stripe-fixtures";
import { verifyWebhook } from "./webhook";

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
    const result = verifyWebhook(stripe, payload, signature, SECRET);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.event.id).toBe("evt_1");
    expect(result.event.type).toBe("customer.subscription.updated");
  });

  it("rejects a signature made with another secret", () => {
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    expect(verifyWebhook(stripe, payload, signature, SECRET)).toEqual({ ok: false, detail: "Invalid Stripe signature." });
  });

  it("rejects a tampered body", () => {
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const tampered = payload.replace('"status": "active"', '"status": "canceled"');
    expect(tampered).not.toBe(payload);
    expect(verifyWebhook(stripe, tampered, signature, SECRET)).toEqual({ ok: false, detail: "Invalid Stripe signature." });
    // a re-serialized body is "tampered" too: the raw bytes must be passed through
    expect(verifyWebhook(stripe, JSON.stringify(JSON.parse(payload)), signature, SECRET)).toEqual({
      ok: false,
      detail: "Invalid Stripe signature.",
    });
  });

  it("rejects a missing or malformed header", () => {
    expect(verifyWebhook(stripe, payload, null, SECRET)).toEqual({ ok: false, detail: "Missing Stripe-Signature header." });
    expect(verifyWebhook(stripe, payload, "", SECRET)).toEqual({ ok: false, detail: "Missing Stripe-Signature header." });
    expect(verifyWebhook(stripe, payload, "t=1,v1=deadbeef", SECRET)).toEqual({ ok: false, detail: "Invalid Stripe signature." });
  });

  it("rejects an old signature (replay)", () => {
    const old = Math.floor(Date.now() / 1000) - 3600;
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: old });
    expect(verifyWebhook(stripe, payload, signature, SECRET)).toEqual({ ok: false, detail: "Invalid Stripe signature." });
  });

  it("rejects a signed body that is not JSON", () => {
    const body = "not json";
    const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
    expect(verifyWebhook(stripe, body, signature, SECRET)).toEqual({ ok: false, detail: "Invalid webhook payload." });
  });
});
