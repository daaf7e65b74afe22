import { and, eq, lte, ne } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { subscriptions, type Subscription } from "@/lib/db/schema";
import { applySnapshot, snapshotOf } from "../subscription-sync";
import type { BillingInterval } from "../subscription-types";

/** The end of a billing period that starts at `start`. */
export function periodEnd(start: Date, interval: BillingInterval): Date {
  const end = new Date(start);
  if (interval === "annual") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

type PeriodChange = Partial<Pick<Subscription, "status" | "planId" | "billingInterval" | "currentPeriodStart" | "currentPeriodEnd" | "cancelAtPeriodEnd" | "scheduledPlanChange">>;

/** What happens at the end of a period: cancellation, the scheduled change, or a renewal. */
function nextPeriod(row: Subscription, start: Date): PeriodChange {
  if (row.cancelAtPeriodEnd) return { status: "canceled", cancelAtPeriodEnd: false, scheduledPlanChange: null };
  const change = row.scheduledPlanChange;
  const interval = change?.billing_interval ?? row.billingInterval;
  return {
    status: "active",
    planId: change?.plan_id ?? row.planId,
    billingInterval: interval,
    currentPeriodStart: start,
    currentPeriodEnd: periodEnd(start, interval),
    scheduledPlanChange: null,
  };
}

/** A safety cap on the roll-forward: ten years of monthly periods. */
const MAX_PERIODS = 120;

/** The ended periods of a demo subscription at `now`, one change per period end, in order. */
function endedPeriods(row: Subscription, now: Date): PeriodChange[] {
  const changes: PeriodChange[] = [];
  let current = row;
  for (let i = 0; i < MAX_PERIODS && current.status !== "canceled" && current.currentPeriodEnd && current.currentPeriodEnd <= now; i++) {
    const change = nextPeriod(current, current.currentPeriodEnd);
    changes.push(change);
    current = { ...current, ...change };
  }
  return changes;
}

/**
 * A subscription as it stands at `now`. Stripe's webhooks keep Stripe rows current; the demo
 * provider has no billing clock of its own, so a demo subscription's ended periods are rolled
 * forward here, as Stripe would have at each period end. Pure: reads never write — the rows
 * catch up in the workers' billing clock (settleDueDemoSubscriptions) or at the user's next
 * plan change, whichever comes first.
 */
export function effectiveSubscription(row: Subscription, now: Date): Subscription {
  if (row.provider !== "demo") return row;
  return endedPeriods(row, now).reduce<Subscription>((current, change) => ({ ...current, ...change }), row);
}

/**
 * Writes the ended periods of the user's demo subscriptions through applySnapshot (so the
 * billing history records a scheduled change taking effect, or the cancellation). The write
 * side of effectiveSubscription: run it inside the transaction of a plan change. The rows are
 * locked, so two workers settling the same user write each period once.
 */
export async function settleDemoSubscriptions(tx: Database | Tx, userId: string, now = new Date()): Promise<void> {
  const due = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, "demo"), ne(subscriptions.status, "canceled"), lte(subscriptions.currentPeriodEnd, now)))
    .for("update");
  for (const row of due) {
    let current = row;
    for (const change of endedPeriods(row, now)) {
      current = (await applySnapshot(tx, { ...snapshotOf(current), ...change }, now)).subscription;
    }
  }
}

/**
 * The demo provider's billing clock, the counterpart of Stripe's period-end webhooks: every
 * demo subscription whose period has ended is settled, one user per transaction, so the
 * admin panel and the billing history are current without any read writing. The workers
 * run it about once a minute. Returns how many users it settled.
 */
export async function settleDueDemoSubscriptions(database: Database, now = new Date()): Promise<number> {
  const due = await database
    .selectDistinct({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, "demo"), ne(subscriptions.status, "canceled"), lte(subscriptions.currentPeriodEnd, now)));
  for (const { userId } of due) await database.transaction((tx) => settleDemoSubscriptions(tx, userId, now));
  return due.length;
}
