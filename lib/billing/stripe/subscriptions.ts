import type Stripe from "stripe";
import { BillingProviderError, isResourceMissing } from "./errors";
import type { Money } from "../provider-types";

export const SUBSCRIPTION_UPDATE_FAILED_MESSAGE =
  "The payment provider could not update the subscription. Try again in a minute.";
export const SUBSCRIPTION_CANCEL_FAILED_MESSAGE =
  "The payment provider could not cancel the subscription. Try again in a minute.";
export const SUBSCRIPTION_LOAD_FAILED_MESSAGE =
  "The payment provider could not load the subscription. Try again in a minute.";

/**
 * Cancel at the end of the current period (`cancel = true`) or undo that (`cancel = false`).
 * Note: while a subscription schedule manages the subscription (a scheduled downgrade), release
 * the schedule first (cancelScheduledDowngrade) — Stripe rejects this update otherwise.
 */
export async function setCancelAtPeriodEnd(
  stripe: Stripe,
  subscriptionId: string,
  cancel: boolean,
): Promise<Stripe.Subscription> {
  try {
    return await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
  } catch (error) {
    throw new BillingProviderError(SUBSCRIPTION_UPDATE_FAILED_MESSAGE, { cause: error });
  }
}

/**
 * Cancels right away, crediting unused time as a proration (no invoice now).
 * Returns the canceled subscription, or null when Stripe no longer knows it (already gone).
 */
export async function cancelSubscriptionNow(stripe: Stripe, subscriptionId: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.cancel(subscriptionId, { prorate: true, invoice_now: false });
  } catch (error) {
    if (isResourceMissing(error)) return null;
    throw new BillingProviderError(SUBSCRIPTION_CANCEL_FAILED_MESSAGE, { cause: error });
  }
}

/** The subscription as Stripe has it now, or null when it does not exist. */
export async function retrieveSubscription(stripe: Stripe, subscriptionId: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if (isResourceMissing(error)) return null;
    throw new BillingProviderError(SUBSCRIPTION_LOAD_FAILED_MESSAGE, { cause: error });
  }
}

export const SEATS_UPDATE_FAILED_MESSAGE = "The payment provider could not change the seats. Try again in a minute.";

/**
 * Sets the quantity of the subscription's item (a per-seat plan's seats). More seats are
 * invoiced at once (prorated) and must be paid for the change to stand; fewer give no credit:
 * otherwise seats bought for an afternoon's hours and given back would cost nothing. Returns
 * the quantity Stripe now has.
 */
export async function setSeats(stripe: Stripe, subscriptionId: string, seats: number): Promise<number> {
  try {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Subscription ${subscriptionId} has no items.`);
    const updated = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, quantity: seats }],
      ...(seats > (item.quantity ?? 1)
        ? { proration_behavior: "always_invoice" as const, payment_behavior: "error_if_incomplete" as const }
        : { proration_behavior: "none" as const }),
    });
    return updated.items.data.find((i) => i.id === item.id)?.quantity ?? seats;
  } catch (error) {
    throw new BillingProviderError(SEATS_UPDATE_FAILED_MESSAGE, { cause: error });
  }
}

export const SEATS_QUOTE_FAILED_MESSAGE = "The payment provider could not work out the cost of these seats. Try again in a minute.";

/** Stripe's currencies without a minor unit, and with three decimals (Stripe's own lists: its amounts are in the smallest unit). */
const ZERO_DECIMAL = new Set(["bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd", "vuv", "xaf", "xof", "xpf"]);
const THREE_DECIMAL = new Set(["bhd", "jod", "kwd", "omr", "tnd"]);

function fromMinorUnits(amount: number, currency: string): Money {
  const unit = ZERO_DECIMAL.has(currency) ? 1 : THREE_DECIMAL.has(currency) ? 1000 : 100;
  return { amount: amount / unit, currency };
}

/**
 * What `setSeats` would invoice now for more seats (Stripe's preview of the prorated invoice,
 * as of `now`), in the invoice's currency and its main unit.
 */
export async function previewSeatsCost(stripe: Stripe, subscriptionId: string, seats: number, now: Date): Promise<Money> {
  try {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Subscription ${subscriptionId} has no items.`);
    const preview = await stripe.invoices.createPreview({
      subscription: subscriptionId,
      subscription_details: { items: [{ id: item.id, quantity: seats }], proration_behavior: "always_invoice", proration_date: Math.floor(now.getTime() / 1000) },
    });
    return fromMinorUnits(preview.amount_due, preview.currency);
  } catch (error) {
    throw new BillingProviderError(SEATS_QUOTE_FAILED_MESSAGE, { cause: error });
  }
}
