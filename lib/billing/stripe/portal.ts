import type Stripe from "stripe";
import { BillingProviderError, callProvider } from "./errors";

export const PORTAL_FAILED_MESSAGE = "The payment provider could not open the billing portal. Try again in a minute.";

/** A Customer Portal session for `customerId`; returns its URL. */
export async function createPortalSession(stripe: Stripe, customerId: string, returnUrl: string): Promise<string> {
  const session = await callProvider(PORTAL_FAILED_MESSAGE, () =>
    stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
  );
  if (!session.url) throw new BillingProviderError(PORTAL_FAILED_MESSAGE);
  return session.url;
}
