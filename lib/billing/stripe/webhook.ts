import Stripe from "stripe";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * Checks a webhook request's Stripe-Signature against the endpoint secret and parses the event;
 * a missing or wrong signature, or a body that is no event, is `invalid` (400).
 * `rawBody` must be the exact bytes Stripe sent (read the request as text, never re-serialize).
 */
export function verifyWebhook(stripe: Stripe, rawBody: string, signature: string | null, secret: string): Stripe.Event {
  if (!signature || !signature.trim()) throw new DomainError("invalid", "Missing Stripe-Signature header.");
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new DomainError("invalid", "Invalid Stripe signature.");
    // The signature matched but the body is not an event (not JSON).
    throw new DomainError("invalid", "Invalid webhook payload.");
  }
}
