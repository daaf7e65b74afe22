export const BILLING_INTERVALS = ["monthly", "annual"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const SUBSCRIPTION_STATUSES = ["active", "trialing", "canceled", "past_due", "unpaid"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface ScheduledPlanChange {
  plan_id: string;
  billing_interval: BillingInterval;
  /** ISO time the change takes effect (the end of the current period) */
  effective_at: string;
}

/**
 * A subscription's state as its provider sees it. Stripe webhooks and the demo checkout
 * both end in one of these, and one function (applySnapshot) turns it into rows and
 * billing events, so both providers drive exactly the same state changes.
 */
export interface SubscriptionSnapshot {
  userId: string;
  provider: "stripe" | "demo";
  /** the Stripe subscription id; null for the demo provider */
  externalId: string | null;
  /** our row id, when the caller knows it (demo provider) */
  rowId?: string;
  planId: string;
  billingInterval: BillingInterval;
  status: SubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  scheduledPlanChange: ScheduledPlanChange | null;
  /** the Stripe subscription schedule id, when a schedule manages the subscription */
  scheduleId: string | null;
  /** seats bought (the subscription item's quantity); left out: as stored (1 for a new one) */
  seats?: number;
}
