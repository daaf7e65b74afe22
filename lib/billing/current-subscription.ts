import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { plans, subscriptions, type Subscription } from "@/lib/db/schema";
import { settleDemoSubscriptions } from "./demo/demo-billing";
import { FREE_PLAN_ID } from "./entitlements";

/** The user's running subscription (active, trialing, past_due, unpaid), newest first; none on free. */
export async function currentSubscription(database: Database, userId: string, now = new Date()): Promise<Subscription | undefined> {
  await settleDemoSubscriptions(database, userId, now);
  const [row] = await database
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["active", "trialing", "past_due", "unpaid"])))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  return row;
}

/** Spec §3 subscription fields, plus plan_id "free" when there is none. */
export async function toApiCurrent(database: Database, row: Subscription | undefined) {
  const planId = row?.planId ?? FREE_PLAN_ID;
  const [plan] = await database.select({ name: plans.name }).from(plans).where(eq(plans.id, planId));
  return {
    plan_id: planId,
    plan_name: plan?.name ?? planId,
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
  };
}
