import type Stripe from "stripe";
import type {
  BillingInterval,
  ScheduledPlanChange,
  SubscriptionSnapshot,
  SubscriptionStatus,
} from "../subscription-types";
import { currentPhaseIndex, idOf, isScheduleLive, phasePriceId } from "./phases";

/** Our plan and interval for a Stripe price id, or null when no plan sells that price. */
export type PriceResolver = (priceId: string) => { planId: string; billingInterval: BillingInterval } | null;

/**
 * Stripe's status → ours. null: not a subscription (yet, or ever) — `incomplete` (first payment
 * pending) and `incomplete_expired` (it never went through), and any status this code does not
 * know. `paused` (a trial ended without a payment method) means no payment is coming, like past_due.
 */
export function mapStripeStatus(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case "active":
      return "active";
    case "trialing":
      return "trialing";
    case "past_due":
      return "past_due";
    case "unpaid":
      return "unpaid";
    case "canceled":
      return "canceled";
    case "paused":
      return "past_due";
    default:
      return null;
  }
}

function intervalOf(price: Stripe.Price | null | undefined): BillingInterval | null {
  switch (price?.recurring?.interval) {
    case "month":
      return "monthly";
    case "year":
      return "annual";
    default:
      return null;
  }
}

function toDate(seconds: number | null | undefined): Date | null {
  return typeof seconds === "number" && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;
}

/**
 * Subscription objects from API versions before 2025-03-31.basil (e.g. webhook endpoints pinned
 * to an older version) carry the period on the subscription itself; newer ones only on items.
 */
interface LegacyPeriod {
  current_period_start?: number | null;
  current_period_end?: number | null;
}

function period(sub: Stripe.Subscription): { start: Date | null; end: Date | null } {
  const item = sub.items?.data?.[0] as (Stripe.SubscriptionItem & LegacyPeriod) | undefined;
  const legacy = sub as Stripe.Subscription & LegacyPeriod;
  return {
    start: toDate(item?.current_period_start) ?? toDate(legacy.current_period_start),
    end: toDate(item?.current_period_end) ?? toDate(legacy.current_period_end),
  };
}

function itemQuantity(sub: Stripe.Subscription): number {
  const quantity = sub.items?.data?.[0]?.quantity;
  return typeof quantity === "number" && Number.isInteger(quantity) && quantity >= 1 ? quantity : 1;
}

/**
 * A Stripe subscription as our SubscriptionSnapshot, or null when it is not one we can store:
 * incomplete / unknown status, no plan for its price (and no usable `metadata.plan_id`), or no user.
 *
 * The plan comes from the first item's price through `resolve`, falling back to
 * `metadata.plan_id` with the price's interval. The user comes from `metadata.user_id`, falling
 * back to `userIdFallback`. `scheduledPlanChange` is always null here: derive it from the schedule
 * with scheduledChangeFromSchedule.
 */
export function snapshotFromStripe(
  sub: Stripe.Subscription,
  resolve: PriceResolver,
  userIdFallback?: string,
): SubscriptionSnapshot | null {
  const status = mapStripeStatus(sub.status);
  if (!status) return null;

  const metadata = sub.metadata ?? {};
  const userId = metadata.user_id?.trim() || userIdFallback || null;
  if (!userId) return null;

  const price = sub.items?.data?.[0]?.price;
  const resolved = price ? resolve(price.id) : null;
  const planId = resolved?.planId ?? (metadata.plan_id?.trim() || null);
  const billingInterval = resolved?.billingInterval ?? intervalOf(price);
  if (!planId || !billingInterval) return null;

  const { start, end } = period(sub);
  return {
    userId,
    provider: "stripe",
    externalId: sub.id,
    planId,
    billingInterval,
    status,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    trialEnd: toDate(sub.trial_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end === true || sub.cancel_at != null,
    scheduledPlanChange: null,
    scheduleId: idOf(sub.schedule),
    // Seats are the item's quantity (1 for plans not sold per seat).
    seats: itemQuantity(sub),
  };
}

function isBillingInterval(value: string | undefined): value is BillingInterval {
  return value === "monthly" || value === "annual";
}

/**
 * The plan change a schedule has queued: its next phase, when that phase's price differs from the
 * phase in effect. The plan comes from `resolve`, falling back to the phase's metadata
 * (`plan_id`, `billing_interval`, as scheduleDowngrade writes it). null when nothing is queued,
 * the schedule is no longer live, or the next price maps to no plan.
 */
export function scheduledChangeFromSchedule(
  schedule: Stripe.SubscriptionSchedule,
  resolve: PriceResolver,
): ScheduledPlanChange | null {
  if (!isScheduleLive(schedule)) return null;
  const index = currentPhaseIndex(schedule);
  const current = schedule.phases[index];
  const next = schedule.phases[index + 1];
  if (!current || !next) return null;
  const currentPrice = phasePriceId(current);
  const nextPrice = phasePriceId(next);
  if (!nextPrice || nextPrice === currentPrice) return null;

  const resolved = resolve(nextPrice);
  const metadata = next.metadata ?? {};
  const planId = resolved?.planId ?? (metadata.plan_id?.trim() || null);
  const billingInterval =
    resolved?.billingInterval ?? (isBillingInterval(metadata.billing_interval) ? metadata.billing_interval : null);
  if (!planId || !billingInterval) return null;
  return {
    plan_id: planId,
    billing_interval: billingInterval,
    effective_at: new Date(next.start_date * 1000).toISOString(),
  };
}
