import type Stripe from "stripe";
import type { Plan, Subscription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { liveStripeSubscriptionIds } from "../current-subscription";
import type { BillingProvider } from "../provider-types";
import { billingNotConfigured, webhooksOff } from "../provider-errors";
import { receiveStripeWebhook, type StripeEventDeps } from "../stripe-events";
import { applyChange } from "../subscription-sync";
import type { BillingInterval } from "../subscription-types";
import { createCheckoutSession } from "./checkout";
import { createPortalSession } from "./portal";
import { cancelScheduledDowngrade, scheduleDowngrade } from "./schedule";
import { cancelSubscriptionNow, previewSeatsCost, setCancelAtPeriodEnd, setSeats } from "./subscriptions";

function priceOf(plan: Plan, interval: BillingInterval): string {
  const price = interval === "annual" ? plan.stripePriceIdAnnual : plan.stripePriceIdMonthly;
  if (!price) throw new DomainError("unavailable", `${plan.name} has no Stripe price for ${interval} billing yet. An operator sets it in the admin panel.`);
  return price;
}

function stripeIdOf(row: Subscription): string {
  if (!row.stripeSubscriptionId) throw billingNotConfigured();
  return row.stripeSubscriptionId;
}

/** What the webhook endpoint needs besides the client: the signing secret (whsec_…), and how mails are queued. */
type StripeWebhooks = { secret: string } & Pick<StripeEventDeps, "queueMail">;

/**
 * Billing through Stripe: Checkout, subscription schedules for downgrades, the customer
 * portal, and its webhooks (refused as not configured without `webhooks`).
 */
export function stripeBilling(stripe: Stripe, appUrl: string, webhooks: StripeWebhooks | null = null): BillingProvider {
  return {
    testPayments: false,

    async checkoutUrl(_database, { user, plan, interval, trialDays, languagesNote, seats }) {
      const session = await createCheckoutSession(stripe, {
        userId: user.id,
        email: user.email,
        customerId: user.stripeCustomerId,
        priceId: priceOf(plan, interval),
        planId: plan.id,
        billingInterval: interval,
        trialDays,
        languagesNote,
        seats,
        successUrl: `${appUrl}/account?checkout=success`,
        cancelUrl: `${appUrl}/account?checkout=canceled`,
      });
      return session.url;
    },

    async scheduleDowngrade(database, current, target, interval) {
      const subscriptionId = stripeIdOf(current);
      const { scheduleId, effectiveAt } = await scheduleDowngrade(stripe, {
        subscriptionId,
        targetPriceId: priceOf(target, interval),
        existingScheduleId: current.stripeScheduleId,
        targetBillingInterval: interval,
        targetPlanId: target.id,
      });
      const change = { plan_id: target.id, billing_interval: interval, effective_at: effectiveAt.toISOString() };
      await applyChange(database, current, { scheduledPlanChange: change, scheduleId });
      return change;
    },

    async setCancellation(database, current, cancel) {
      const subscriptionId = stripeIdOf(current);
      // Stripe refuses to cancel a subscription a schedule manages: canceling drops the scheduled downgrade.
      if (cancel && current.stripeScheduleId && current.scheduledPlanChange) await cancelScheduledDowngrade(stripe, current.stripeScheduleId);
      await setCancelAtPeriodEnd(stripe, subscriptionId, cancel);
      // The webhook confirms it; the row reflects it at once so the page shows the new state.
      return applyChange(database, current, cancel ? { cancelAtPeriodEnd: true, scheduledPlanChange: null, scheduleId: null } : { cancelAtPeriodEnd: false });
    },

    async changeSeats(database, current, seats) {
      const quantity = await setSeats(stripe, stripeIdOf(current), seats);
      // The webhook (customer.subscription.updated) confirms it; the row shows it at once.
      return applyChange(database, current, { seats: quantity });
    },

    addedSeatsCost: (_database, current, seats, now) => previewSeatsCost(stripe, stripeIdOf(current), seats, now),

    async portalUrl(user) {
      if (!user.stripeCustomerId) throw new DomainError("conflict", "There is no Stripe billing account for you yet.");
      return createPortalSession(stripe, user.stripeCustomerId, `${appUrl}/account`);
    },

    async cancelSubscriptionsOf(database, userId) {
      for (const id of await liveStripeSubscriptionIds(database, userId)) await cancelSubscriptionNow(stripe, id);
    },

    async handleWebhook(database, rawBody, signature) {
      if (!webhooks) throw webhooksOff();
      return receiveStripeWebhook(database, rawBody, signature, { stripe, appUrl, ...webhooks });
    },
  };
}
