import Stripe from "stripe";

export type WebhookVerification = { ok: true; event: Stripe.Event } | { ok: false; detail: string };

/**
 * Checks a webhook request's Stripe-Signature against the endpoint secret and parses the event.
 * `rawBody` must be the exact bytes Stripe sent (read the request as text, never re-serialize).
 */
export function verifyWebhook(
  stripe: Stripe,
  rawBody: string,
  signature: string | null,
  secret: string,
): WebhookVerification {
  if (!signature || !signature.trim()) return { ok: false, detail: "Missing Stripe-Signature header." };
  try {
    return { ok: true, event: stripe.webhooks.constructEvent(rawBody, signature, secret) };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      return { ok: false, detail: "Invalid Stripe signature." };
    }
    // The signature matched but the body is not an event (not JSON).
    return { ok: false, detail: "Invalid webhook payload." };
  }
}
