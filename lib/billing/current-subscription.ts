import { and, desc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { plans, subscriptions, type Subscription } from "@/lib/db/schema";
import { effectiveSubscription } from "./demo/demo-clock";
import { defaultPlan } from "./plans";
import { trialDaysFor } from "./trial";

/** Statuses of a subscription that still runs (a user sees it on the account page, can cancel it). */
const RUNNING: readonly Subscription["status"][] = ["active", "trialing", "past_due", "unpaid"];

/**
 * The user's running subscription at `now` (active, trialing, past_due, unpaid), newest first;
 * none on the default plan. Reads only: a demo subscription's ended periods are rolled forward
 * in the answer (effectiveSubscription), not in the database.
 */
export async function currentSubscription(database: Database | Tx, userId: string, now = new Date()): Promise<Subscription | undefined> {
  const rows = await database
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...RUNNING])))
    .orderBy(desc(subscriptions.updatedAt));
  return rows.map((row) => effectiveSubscription(row, now)).find((row) => RUNNING.includes(row.status));
}

/** The Stripe ids of the user's subscriptions that Stripe may still bill. */
export async function liveStripeSubscriptionIds(database: Database | Tx, userId: string): Promise<string[]> {
  const rows = await database
    .select({ stripeId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, "stripe"),
        ne(subscriptions.status, "canceled"),
        isNotNull(subscriptions.stripeSubscriptionId),
      ),
    );
  return rows.flatMap((r) => (r.stripeId ? [r.stripeId] : []));
}

/** Spec §3 subscription fields (without a subscription, the default plan's id and name) and the trial the user's next checkout gets. */
export async function toApiCurrent(database: Database | Tx, userId: string, row: Subscription | undefined) {
  const plan = row
    ? ((await database.select().from(plans).where(eq(plans.id, row.planId)))[0] ?? { id: row.planId, name: row.planId, rank: 0, isDefault: false, checkoutEnabled: false, perSeat: false })
    : await defaultPlan(database);
  return {
    plan_id: plan.id,
    plan_name: plan.name,
    // What the plan-change rules read, also for a plan an operator has since deactivated.
    plan_rank: plan.rank,
    plan_is_default: plan.isDefault,
    plan_checkout_enabled: plan.checkoutEnabled,
    plan_per_seat: plan.perSeat,
    seats: row?.seats ?? 1,
    id: row?.id ?? null,
    status: row?.status ?? null,
    billing_interval: row?.billingInterval ?? null,
    provider: row?.provider ?? null,
    stripe_subscription_id: row?.stripeSubscriptionId ?? null,
    created_at: row?.createdAt.toISOString() ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
    current_period_start: row?.currentPeriodStart?.toISOString() ?? null,
    current_period_end: row?.currentPeriodEnd?.toISOString() ?? null,
    trial_end: row?.trialEnd?.toISOString() ?? null,
    cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
    scheduled_plan_change: row?.scheduledPlanChange ?? null,
    trial_days: await trialDaysFor(database, userId),
  };
}
