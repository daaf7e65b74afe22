import type { Database } from "@/lib/db/client";
import { eq } from "drizzle-orm";
import { plans, type Subscription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { liveStripeSubscriptionIds } from "../current-subscription";
import type { BillingProvider } from "../provider-types";
import { billingNotConfigured, noBillingPeriod, webhooksOff } from "../provider-errors";
import { applySnapshot, snapshotOf } from "../subscription-sync";
import type { SubscriptionSnapshot } from "../subscription-types";
import { proratedSeats, seatPrice } from "../seats-quote";
import { openDemoCheckout } from "./demo-checkout";
import { settleDemoSubscriptions } from "./demo-clock";

export const STRIPE_NEEDED_FOR_REMOVAL =
  "This account has a Stripe subscription, and this server has no Stripe key to cancel it with. Set STRIPE_SECRET_KEY, then try again.";

/** A Stripe subscription left from when this server had a Stripe key: nothing here can change it. */
function requireDemo(row: Subscription): void {
  if (row.provider !== "demo") throw billingNotConfigured();
}

/** One change to a demo subscription, after its ended periods are written (so events stay in order). */
async function changeDemoSubscription(database: Database, row: Subscription, change: Partial<SubscriptionSnapshot>, now = new Date()): Promise<Subscription> {
  return database.transaction(async (tx) => {
    await settleDemoSubscriptions(tx, row.userId, now);
    return (await applySnapshot(tx, { ...snapshotOf(row), ...change }, now)).subscription;
  });
}

/**
 * The provider of a server without a Stripe key: a test checkout page (no card, no money),
 * subscriptions that live in our database only, and periods that roll forward by the clock
 * (demo-clock.ts).
 */
export const demoBilling: BillingProvider = {
  testPayments: true,

  async checkoutUrl(database, { user, plan, interval, trialDays, seats }) {
    const id = await openDemoCheckout(database, user.id, plan.id, interval, trialDays);
    // The test checkout page offers the seats as Stripe Checkout does (an adjustable quantity), starting here.
    return `/billing/demo-checkout/${id}${seats ? `?seats=${seats.quantity}&min=${seats.minimum}` : ""}`;
  },

  async scheduleDowngrade(database, current, target, interval) {
    requireDemo(current);
    if (!current.currentPeriodEnd) throw noBillingPeriod();
    const change = { plan_id: target.id, billing_interval: interval, effective_at: current.currentPeriodEnd.toISOString() };
    await changeDemoSubscription(database, current, { scheduledPlanChange: change });
    return change;
  },

  async setCancellation(database, current, cancel) {
    requireDemo(current);
    // As with Stripe (stripe-provider.ts), cancelling drops a scheduled downgrade: the plan ends instead.
    return changeDemoSubscription(database, current, cancel ? { cancelAtPeriodEnd: true, scheduledPlanChange: null } : { cancelAtPeriodEnd: false });
  },

  async changeSeats(database, current, seats) {
    requireDemo(current);
    return changeDemoSubscription(database, current, { seats });
  },

  async addedSeatsCost(database, current, seats, now) {
    requireDemo(current);
    const [plan] = await database.select().from(plans).where(eq(plans.id, current.planId));
    if (!plan || !current.currentPeriodStart || !current.currentPeriodEnd) throw noBillingPeriod();
    // The demo provider charges in the catalogue's currency.
    return { amount: proratedSeats(current, seatPrice(plan, current.billingInterval), seats, now), currency: "usd" };
  },

  async portalUrl(_user, current) {
    if (current && current.provider !== "demo") throw new DomainError("conflict", "There is no Stripe billing account for you yet.");
    return "/billing/demo-portal";
  },

  // Demo subscriptions have nothing outside the database to end; Stripe ones need the key.
  async cancelSubscriptionsOf(database, userId) {
    if ((await liveStripeSubscriptionIds(database, userId)).length > 0) throw new DomainError("unavailable", STRIPE_NEEDED_FOR_REMOVAL);
  },

  async handleWebhook() {
    throw webhooksOff();
  },
};
