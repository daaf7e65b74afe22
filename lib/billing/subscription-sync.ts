import { randomUUID } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { billingEvents, plans, subscriptions, type Subscription } from "@/lib/db/schema";
import { seatCount } from "./seat-count";
import type { SubscriptionSnapshot } from "./subscription-types";

type BillingEventType = (typeof billingEvents.$inferInsert)["eventType"];

/** Statuses of a subscription that is still running (paid, trial, or retrying payment). */
const LIVE = ["active", "trialing", "past_due"] as const;

export interface ApplyResult {
  subscription: Subscription;
  event: BillingEventType | null;
  /** Stripe subscriptions this one replaced (an upgrade through checkout); the caller cancels them at Stripe. */
  supersededStripeIds: string[];
}

type PlanInfo = Map<string, { name: string; price: number; perSeat: boolean }>;

async function planInfo(tx: Database | Tx): Promise<PlanInfo> {
  const rows = await tx.select({ id: plans.id, name: plans.name, price: plans.priceMonthly, perSeat: plans.perSeat }).from(plans);
  return new Map(rows.map((p) => [p.id, { name: p.name, price: Number(p.price), perSeat: p.perSeat }]));
}

async function lockedRow(tx: Database | Tx, snap: SubscriptionSnapshot): Promise<Subscription | undefined> {
  const where = snap.externalId
    ? eq(subscriptions.stripeSubscriptionId, snap.externalId)
    : snap.rowId
      ? eq(subscriptions.id, snap.rowId)
      : undefined;
  if (!where) return undefined;
  const [row] = await tx.select().from(subscriptions).where(where).for("update");
  return row;
}

function rowValues(snap: SubscriptionSnapshot, previous: Subscription | undefined, now: Date) {
  return {
    userId: snap.userId,
    planId: snap.planId,
    status: snap.status,
    billingInterval: snap.billingInterval,
    provider: snap.provider,
    stripeSubscriptionId: snap.externalId,
    stripeScheduleId: snap.scheduleId,
    currentPeriodStart: snap.currentPeriodStart,
    currentPeriodEnd: snap.currentPeriodEnd,
    trialEnd: snap.trialEnd,
    cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
    // A change that has happened is no longer scheduled.
    scheduledPlanChange: snap.scheduledPlanChange?.plan_id === snap.planId ? null : snap.scheduledPlanChange,
    pastDueSince: snap.status === "past_due" ? (previous?.pastDueSince ?? now) : null,
    seats: Math.max(1, snap.seats ?? previous?.seats ?? 1),
  };
}

function changeEvent(previous: Subscription, snap: SubscriptionSnapshot, prices: PlanInfo): BillingEventType | null {
  if (previous.status !== "canceled" && snap.status === "canceled") return "subscription_canceled";
  if (previous.planId === snap.planId) return snap.seats !== undefined && snap.seats !== previous.seats && snap.status !== "canceled" ? "seats_changed" : null;
  if (previous.scheduledPlanChange?.plan_id === snap.planId) return "scheduled_plan_change_effective";
  // A per-seat plan costs its price for each seat: Team for 9 is more than Premium.
  const monthly = (planId: string, seats: number | undefined) => {
    const plan = prices.get(planId);
    return (plan?.price ?? 0) * (plan?.perSeat ? (seats ?? 1) : 1);
  };
  const before = monthly(previous.planId, previous.seats);
  const after = monthly(snap.planId, snap.seats);
  return after >= before ? "subscription_upgraded" : "subscription_downgraded";
}

function describe(event: BillingEventType, snap: SubscriptionSnapshot, previous: { planId: string | null; seats: number | null }, info: PlanInfo): string {
  const name = (id: string | null) => (id ? (info.get(id)?.name ?? id) : "");
  const plan = name(snap.planId);
  const previousPlanId = previous.planId;
  // A buyer of a per-seat plan reads how many seats each step bought.
  const terms = info.get(snap.planId)?.perSeat && snap.seats ? `${snap.billingInterval}, ${seatCount(snap.seats)}` : snap.billingInterval;
  switch (event) {
    case "subscription_created":
      return snap.status === "trialing" ? `Started a ${plan} trial (${terms})` : `Subscribed to ${plan} (${terms})`;
    case "seats_changed":
      return `Seats changed from ${previous.seats ?? 1} to ${snap.seats ?? 1} on ${plan} (${snap.billingInterval})`;
    case "subscription_upgraded":
      return `Upgraded from ${name(previousPlanId)} to ${plan} (${terms})`;
    case "subscription_downgraded":
      return `Changed from ${name(previousPlanId)} to ${plan} (${terms})`;
    case "subscription_canceled":
      return `${plan} subscription canceled`;
    case "scheduled_plan_change_effective":
      return `Scheduled change from ${name(previousPlanId)} to ${plan} took effect`;
  }
}

/**
 * Brings our rows in line with the provider's view of one subscription and writes the
 * billing event the change amounts to. Idempotent: applying the same snapshot twice
 * changes nothing and writes no second event. Call it inside a transaction.
 */
export async function applySnapshot(tx: Database | Tx, snap: SubscriptionSnapshot, now = new Date()): Promise<ApplyResult> {
  const prices = await planInfo(tx);
  const previous = await lockedRow(tx, snap);
  let event: BillingEventType | null;
  let previousPlanId: string | null = previous?.planId ?? null;
  let previousSeats = previous?.seats ?? null;
  let supersededStripeIds: string[] = [];
  let subscription: Subscription;

  if (previous) {
    event = changeEvent(previous, snap, prices);
    [subscription] = await tx.update(subscriptions).set(rowValues(snap, previous, now)).where(eq(subscriptions.id, previous.id)).returning();
  } else {
    // A new subscription while another is live replaces it (upgrade through checkout).
    const others = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, snap.userId), inArray(subscriptions.status, [...LIVE])))
      .for("update");
    const replaced = others[0];
    previousPlanId = replaced?.planId ?? null;
    previousSeats = replaced?.seats ?? null;
    event = replaced && snap.status !== "canceled" ? changeEvent({ ...replaced, scheduledPlanChange: null }, snap, prices) ?? "subscription_created" : "subscription_created";
    [subscription] = await tx
      .insert(subscriptions)
      .values({ id: snap.rowId ?? randomUUID(), ...rowValues(snap, undefined, now) })
      .returning();
    if (others.length && snap.status !== "canceled") {
      await tx
        .update(subscriptions)
        .set({ status: "canceled", cancelAtPeriodEnd: false, scheduledPlanChange: null, pastDueSince: null })
        .where(and(inArray(subscriptions.id, others.map((o) => o.id)), ne(subscriptions.id, subscription.id)));
      supersededStripeIds = others.flatMap((o) => (o.stripeSubscriptionId ? [o.stripeSubscriptionId] : []));
    }
  }

  if (event) {
    await tx.insert(billingEvents).values({
      id: randomUUID(),
      userId: snap.userId,
      eventType: event,
      planId: snap.planId,
      billingInterval: snap.billingInterval,
      description: describe(event, snap, { planId: previousPlanId, seats: previousSeats }, prices),
      stripeSubscriptionId: snap.externalId,
    });
  }
  return { subscription, event, supersededStripeIds };
}

/** A stored subscription as the snapshot that would write it again (to change a few fields). */
export function snapshotOf(row: Subscription): SubscriptionSnapshot {
  return {
    userId: row.userId,
    provider: row.provider,
    externalId: row.stripeSubscriptionId,
    rowId: row.id,
    planId: row.planId,
    billingInterval: row.billingInterval,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    scheduledPlanChange: row.scheduledPlanChange ?? null,
    scheduleId: row.stripeScheduleId,
    seats: row.seats,
  };
}

/** Changes some fields of one subscription through applySnapshot, in its own transaction. */
export async function applyChange(
  database: Database,
  row: Subscription,
  change: Partial<SubscriptionSnapshot>,
  now = new Date(),
): Promise<Subscription> {
  const applied = await database.transaction(async (tx) => {
    // The row as it is now, locked: a webhook that landed since `row` was read keeps its changes.
    const [fresh] = await tx.select().from(subscriptions).where(eq(subscriptions.id, row.id)).for("update");
    return applySnapshot(tx, { ...snapshotOf(fresh ?? row), ...change }, now);
  });
  return applied.subscription;
}

/** True when the user has never had a subscription: the trial is for first-time subscribers. */
export async function trialEligible(database: Database | Tx, userId: string): Promise<boolean> {
  const [row] = await database.select({ n: sql<number>`count(*)::int` }).from(subscriptions).where(eq(subscriptions.userId, userId));
  return (row?.n ?? 0) === 0;
}
