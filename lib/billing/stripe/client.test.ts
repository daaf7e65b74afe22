import Stripe from "stripe";
import { apiBaseFromEnv, stripeFromEnv, webhookSecret } from "./client";
import { retrieveSubscription } from "./subscriptions";
import { subscription } from "@/test/support/stripe-fixtures";
import { closeStripeStandIns, startStripeStandIn } from "@/test/support/stripe-stand-in";

afterEach(closeStripeStandIns);

describe("stripeFromEnv", () => {
  it("is null without a secret key", () => {
    expect(stripeFromEnv({})).toBeNull();
    expect(stripeFromEnv({ STRIPE_SECRET_KEY: "  " })).toBeNull();
    expect(stripeFromEnv({ STRIPE_API_BASE: "http://127.0.0.1:12111" })).toBeNull();
  });

  it("builds a client with retries and a timeout", () => {
    const stripe = stripeFromEnv({ STRIPE_SECRET_KEY: "sk_test_abc" });
    // (the CJS build's constructor returns an instance of an inner class, so no toBeInstanceOf)
    expect(stripe?.checkout.sessions).toBeDefined();
    expect(stripe?.getMaxNetworkRetries()).toBe(2);
    expect(stripe?.getApiField("timeout")).toBe(20_000);
    expect(stripe?.getApiField("host")).toBe("api.stripe.com");
  });

  it("sends requests to STRIPE_API_BASE with the key and the SDK's pinned API version", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("GET /v1/subscriptions/sub_123", { json: subscription() });
    const stripe = stripeFromEnv({ STRIPE_SECRET_KEY: " sk_test_abc ", STRIPE_API_BASE: `http://127.0.0.1:${standIn.port}` });

    expect((await retrieveSubscription(stripe!, "sub_123"))?.id).toBe("sub_123");
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0].authorization).toBe("Bearer sk_test_abc");
    expect(standIn.requests[0].stripeVersion).toBe(Stripe.API_VERSION);
  });

  it("reads process.env by default", () => {
    const saved = { ...process.env };
    try {
      process.env.STRIPE_SECRET_KEY = "sk_test_env";
      expect(stripeFromEnv()?.getMaxNetworkRetries()).toBe(2);
      delete process.env.STRIPE_SECRET_KEY;
      expect(stripeFromEnv()).toBeNull();
    } finally {
      process.env = saved;
    }
  });
});

describe("apiBaseFromEnv", () => {
  it("parses host, port and protocol", () => {
    expect(apiBaseFromEnv({})).toBeNull();
    expect(apiBaseFromEnv({ STRIPE_API_BASE: "http://127.0.0.1:12111" })).toEqual({ host: "127.0.0.1", port: 12111, protocol: "http" });
    expect(apiBaseFromEnv({ STRIPE_API_BASE: "https://stripe.internal/" })).toEqual({ host: "stripe.internal", port: 443, protocol: "https" });
    expect(apiBaseFromEnv({ STRIPE_API_BASE: "http://localhost" })).toEqual({ host: "localhost", port: 80, protocol: "http" });
    expect(apiBaseFromEnv({ STRIPE_API_BASE: "http://[::1]:12111" })).toEqual({ host: "::1", port: 12111, protocol: "http" });
  });

  it("rejects what is not an http(s) URL, without echoing the key", () => {
    for (const base of ["127.0.0.1:12111x", "ftp://example.com", "not a url"]) {
      expect(() => stripeFromEnv({ STRIPE_SECRET_KEY: "sk_test_secret", STRIPE_API_BASE: base })).toThrow(/^STRIPE_API_BASE must be/);
    }
  });
});

describe("webhookSecret", () => {
  it("reads STRIPE_WEBHOOK_SECRET", () => {
    expect(webhookSecret({})).toBeNull();
    expect(webhookSecret({ STRIPE_WEBHOOK_SECRET: "" })).toBeNull();
    expect(webhookSecret({ STRIPE_WEBHOOK_SECRET: " whsec_1 " })).toBe("whsec_1");
  });
});
