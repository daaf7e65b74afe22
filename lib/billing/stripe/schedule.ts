import type Stripe from "stripe";
import type { BillingInterval } from "../subscription-types";
import { BillingProviderError, isResourceMissing } from "./errors";
import { currentPhaseIndex, idOf, isScheduleLive } from "./phases";

export const SCHEDULE_FAILED_MESSAGE = "The payment provider could not schedule the plan change. Try again in a minute.";
export const SCHEDULE_CANCEL_FAILED_MESSAGE =
  "The payment provider could not cancel the scheduled plan change. Try again in a minute.";

export interface ScheduleDowngradeInput {
  subscriptionId: string;
  /** the price the subscription moves to at the end of the current period */
  targetPriceId: string;
  /** the schedule we stored for this subscription, if any (reused while it is still live) */
  existingScheduleId: string | null;
  /**
   * The target price's interval; sets the new phase's duration (one interval). When omitted the
   * price is fetched from Stripe to read it.
   */
  targetBillingInterval?: BillingInterval;
  /**
   * Our plan id for the target price. With targetBillingInterval, it is written to the new phase's
   * metadata (`plan_id`, `billing_interval`), which Stripe copies onto the subscription when the
   * phase starts, so the subscription's metadata keeps naming the plan it is on.
   */
  targetPlanId?: string;
}

function fail(error: unknown): never {
  if (error instanceof BillingProviderError) throw error;
  throw new BillingProviderError(SCHEDULE_FAILED_MESSAGE, { cause: error });
}

async function liveSchedule(stripe: Stripe, scheduleId: string, subscriptionId: string) {
  try {
    const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
    const belongs = idOf(schedule.subscription) === subscriptionId;
    return belongs && isScheduleLive(schedule) ? schedule : null;
  } catch (error) {
    if (isResourceMissing(error)) return null;
    throw error;
  }
}

/** The live schedule managing the subscription: the stored one, the subscription's, or a new one. */
async function scheduleFor(stripe: Stripe, input: ScheduleDowngradeInput): Promise<Stripe.SubscriptionSchedule> {
  if (input.existingScheduleId) {
    const existing = await liveSchedule(stripe, input.existingScheduleId, input.subscriptionId);
    if (existing) return existing;
  }
  const subscription = await stripe.subscriptions.retrieve(input.subscriptionId);
  const attachedId = idOf(subscription.schedule);
  if (attachedId && attachedId !== input.existingScheduleId) {
    const attached = await liveSchedule(stripe, attachedId, input.subscriptionId);
    if (attached) return attached;
  }
  return stripe.subscriptionSchedules.create({ from_subscription: input.subscriptionId });
}

async function targetInterval(
  stripe: Stripe,
  input: ScheduleDowngradeInput,
): Promise<Stripe.SubscriptionScheduleUpdateParams.Phase.Duration> {
  if (input.targetBillingInterval) {
    return { interval: input.targetBillingInterval === "annual" ? "year" : "month", interval_count: 1 };
  }
  const price = await stripe.prices.retrieve(input.targetPriceId);
  if (!price.recurring) {
    throw new BillingProviderError(SCHEDULE_FAILED_MESSAGE, {
      cause: new Error(`Price ${input.targetPriceId} is not a recurring price.`),
    });
  }
  return { interval: price.recurring.interval, interval_count: price.recurring.interval_count ?? 1 };
}

/** The phase in effect, restated as update parameters so the update leaves it exactly as it is. */
function keepPhase(phase: Stripe.SubscriptionSchedule.Phase): Stripe.SubscriptionScheduleUpdateParams.Phase {
  const items = phase.items.map((item) => ({
    price: idOf(item.price) ?? undefined,
    quantity: item.quantity ?? 1,
    ...(item.metadata && Object.keys(item.metadata).length > 0 ? { metadata: item.metadata } : {}),
  }));
  const discounts = phase.discounts
    .map((d): Stripe.SubscriptionScheduleUpdateParams.Phase.Discount | null => {
      const discount = idOf(d.discount);
      if (discount) return { discount };
      const coupon = idOf(d.coupon);
      if (coupon) return { coupon };
      const promotionCode = idOf(d.promotion_code);
      return promotionCode ? { promotion_code: promotionCode } : null;
    })
    .filter((d) => d !== null);
  return {
    items,
    start_date: phase.start_date,
    end_date: phase.end_date,
    ...(phase.trial_end ? { trial_end: phase.trial_end } : {}),
    ...(discounts.length > 0 ? { discounts } : {}),
    ...(phase.metadata && Object.keys(phase.metadata).length > 0 ? { metadata: phase.metadata } : {}),
  };
}

/**
 * Schedules a move to `targetPriceId` at the end of the current period (a downgrade), through a
 * Subscription Schedule: the phase in effect is kept as it is, followed by one phase on the target
 * price lasting one interval, after which the schedule releases the subscription (which then simply
 * renews on the target price). Nothing is prorated. Reuses a live schedule when there is one,
 * replacing any change it already had queued.
 *
 * Returns the schedule id (store it) and when the change takes effect.
 */
export async function scheduleDowngrade(
  stripe: Stripe,
  input: ScheduleDowngradeInput,
): Promise<{ scheduleId: string; effectiveAt: Date }> {
  try {
    const duration = await targetInterval(stripe, input);
    const schedule = await scheduleFor(stripe, input);
    const index = currentPhaseIndex(schedule);
    const current = schedule.phases[index];
    if (!current) {
      throw new BillingProviderError(SCHEDULE_FAILED_MESSAGE, {
        cause: new Error(`Subscription schedule ${schedule.id} has no phases.`),
      });
    }
    const next: Stripe.SubscriptionScheduleUpdateParams.Phase = {
      items: [{ price: input.targetPriceId, quantity: 1 }],
      duration,
      ...(input.targetPlanId && input.targetBillingInterval
        ? { metadata: { plan_id: input.targetPlanId, billing_interval: input.targetBillingInterval } }
        : {}),
    };
    await stripe.subscriptionSchedules.update(schedule.id, {
      phases: [keepPhase(current), next],
      end_behavior: "release",
      proration_behavior: "none",
    });
    return { scheduleId: schedule.id, effectiveAt: new Date(current.end_date * 1000) };
  } catch (error) {
    fail(error);
  }
}

/**
 * Drops a scheduled change by releasing the schedule: the subscription stays on its current price
 * and keeps renewing. Already released, completed, canceled or unknown schedules count as done.
 */
export async function cancelScheduledDowngrade(stripe: Stripe, scheduleId: string): Promise<void> {
  try {
    await stripe.subscriptionSchedules.release(scheduleId);
  } catch (error) {
    if (isResourceMissing(error)) return;
    // Releasing twice is an error at Stripe; look before reporting a failure.
    let schedule: Stripe.SubscriptionSchedule | null = null;
    try {
      schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
    } catch (lookupError) {
      if (isResourceMissing(lookupError)) return;
    }
    if (schedule && !isScheduleLive(schedule)) return;
    throw new BillingProviderError(SCHEDULE_CANCEL_FAILED_MESSAGE, { cause: error });
  }
}
