/** One user's whole billing story for the admin panel's "Subscription history" dialog. */
import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { AdminBillingEvent, AdminSubscription, SubscriptionHistory } from "@/lib/api/contract/admin";
import type { Database } from "@/lib/db/client";
import { billingEventsOf } from "@/lib/billing/billing-history";
import { plans, subscriptions } from "@/lib/db/schema";
import { findAdminUser } from "./admin-users";

async function subscriptionsOf(database: Database, userId: string): Promise<AdminSubscription[]> {
  const rows = await database
    .select({
      ...getTableColumns(subscriptions),
      // Subscriptions reference plans, so the name is there; the id only guards the shape.
      planName: sql<string>`coalesce(${plans.name}, ${subscriptions.planId})`,
    })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  return rows.map((row) => ({
    id: row.id,
    plan_id: row.planId,
    plan_name: row.planName,
    status: row.status,
    billing_interval: row.billingInterval,
    provider: row.provider,
    stripe_subscription_id: row.stripeSubscriptionId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    trial_end: row.trialEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    scheduled_plan_change: row.scheduledPlanChange ?? null,
  }));
}

async function billingHistoryOf(database: Database, userId: string): Promise<AdminBillingEvent[]> {
  const rows = await billingEventsOf(database, userId);
  return rows.map((row) => ({
    id: row.id,
    event_type: row.eventType,
    plan_id: row.planId,
    billing_interval: row.billingInterval,
    description: row.description,
    stripe_subscription_id: row.stripeSubscriptionId,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Subscriptions and billing events newest first; an unknown user is `not_found`. */
export async function subscriptionHistory(database: Database, userId: string): Promise<SubscriptionHistory> {
  const [user, subscriptionRows, billingRows] = await Promise.all([
    findAdminUser(database, userId),
    subscriptionsOf(database, userId),
    billingHistoryOf(database, userId),
  ]);
  return { user, subscriptions: subscriptionRows, billing_history: billingRows };
}
