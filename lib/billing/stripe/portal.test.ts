import { BillingProviderError } from "./errors";
import { createPortalSession, PORTAL_FAILED_MESSAGE } from "./portal";
import { closeStripeStandIns, startStripeStandIn, stripeError } from "@/test/support/stripe-stand-in";

afterEach(closeStripeStandIns);

describe("createPortalSession", () => {
  it("opens a portal session for the customer and returns its URL", async () => {
    const standIn = await startStripeStandIn();
    standIn.on("POST /v1/billing_portal/sessions", {
      json: { id: "bps_1", object: "billing_portal.session", url: "https://billing.stripe.com/p/session/test_1" },
    });

    await expect(createPortalSession(standIn.stripe(), "cus_42", "http://localhost:3000/billing")).resolves.toBe(
      "https://billing.stripe.com/p/session/test_1",
    );
    expect(standIn.calls()).toEqual(["POST /v1/billing_portal/sessions"]);
    expect(standIn.requests[0].form).toEqual({ customer: "cus_42", return_url: "http://localhost:3000/billing" });
  });

  it("throws a BillingProviderError when Stripe refuses", async () => {
    const standIn = await startStripeStandIn();
    standIn.on(
      "POST /v1/billing_portal/sessions",
      stripeError(400, { message: "You can't create a portal session in test mode until you save your customer portal settings" }),
    );

    const error = await createPortalSession(standIn.stripe(), "cus_42", "http://localhost:3000/billing").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingProviderError);
    expect(error).toMatchObject({ kind: "provider_failed", message: PORTAL_FAILED_MESSAGE });
  });
});
