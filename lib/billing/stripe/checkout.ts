import type Stripe from "stripe";
import { MAX_SEATS } from "../seat-count";
import type { BillingInterval } from "../subscription-types";
import { BillingProviderError, callProvider } from "./errors";

export interface CheckoutInput {
  userId: string;
  email: string;
  /** the user's Stripe customer, when they already have one; otherwise Checkout creates one */
  customerId: string | null;
  priceId: string;
  planId: string;
  billingInterval: BillingInterval;
  /** 0 for no trial */
  trialDays: number;
  /** shown above the pay button: what this server transcribes of the plan's languages, when fewer */
  languagesNote: string | null;
  /** a plan priced per seat: the seats to buy (the line item's quantity), which the buyer may change at Checkout down to `minimum`; null otherwise */
  seats?: { quantity: number; minimum: number } | null;
  successUrl: string;
  cancelUrl: string;
}

export const CHECKOUT_FAILED_MESSAGE = "The payment provider could not start checkout. Try again in a minute.";

function lineItem(input: CheckoutInput): Stripe.Checkout.SessionCreateParams.LineItem {
  if (!input.seats) return { price: input.priceId, quantity: 1 };
  const { quantity, minimum } = input.seats;
  return {
    price: input.priceId,
    quantity,
    adjustable_quantity: { enabled: true, minimum: Math.min(minimum, quantity), maximum: MAX_SEATS },
  };
}

/** The Checkout Session parameters for one plan purchase (exported for tests and logging). */
function checkoutSessionParams(input: CheckoutInput): Stripe.Checkout.SessionCreateParams {
  const metadata = {
    user_id: input.userId,
    plan_id: input.planId,
    billing_interval: input.billingInterval,
  };
  const trialDays = Number.isFinite(input.trialDays) ? Math.floor(input.trialDays) : 0;
  return {
    mode: "subscription",
    line_items: [lineItem(input)],
    client_reference_id: input.userId,
    ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
    subscription_data: {
      ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
      metadata,
    },
    metadata,
    ...(input.languagesNote ? { custom_text: { submit: { message: input.languagesNote } } } : {}),
    allow_promotion_codes: true,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  };
}

/**
 * Opens a Stripe Checkout Session (subscription mode) and returns where to send the user.
 * Throws BillingProviderError (502) when Stripe fails or answers without a URL.
 */
export async function createCheckoutSession(stripe: Stripe, input: CheckoutInput): Promise<{ id: string; url: string }> {
  const session = await callProvider(CHECKOUT_FAILED_MESSAGE, () =>
    stripe.checkout.sessions.create(checkoutSessionParams(input)),
  );
  if (!session.url) throw new BillingProviderError(CHECKOUT_FAILED_MESSAGE);
  return { id: session.id, url: session.url };
}
