import { randomUUID } from "node:crypto";
import { and, eq, lte, ne } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { demoCheckoutSessions, subscriptions, type Subscription } from "@/lib/db/schema";
import { applySnapshot, type ApplyResult } from "../subscription-sync";
import type { BillingInterval, ScheduledPlanChange, SubscriptionSnapshot } from "../subscription-types";

/** The end of a billing period that starts at `start`. */
export function periodEnd(start: Date, interval: BillingInterval): Date {
  const end = new Date(start);
  if (interval === "annual") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

function snapshotOf(row: Subscription): SubscriptionSnapshot {
  return {
    userId: row.userId,
    provider: "demo",
    externalId: null,
    rowId: row.id,
    planId: row.planId,
    billingInterval: row.billingInterval,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    scheduledPlanChange: row.scheduledPlanChange ?? null,
    scheduleId: null,
  };
}

export async function openDemoCheckout(database: Database, userId: string, planId: string, interval: BillingInterval, trialDays: number): Promise<string> {
  const id = randomUUID();
  await database.insert(demoCheckoutSessions).values({ id, userId, planId, billingInterval: interval, trialDays });
  return id;
}

export type DemoCheckoutOutcome = { ok: true; result: ApplyResult } | { ok: false; status: 404 | 409; detail: string };

/**
 * The test payment went through: the same state change a Stripe checkout.session.completed
 * webhook causes, through the same applySnapshot. A session completes at most once.
 */
export async function completeDemoCheckout(database: Database, userId: string, sessionId: string, now = new Date()): Promise<DemoCheckoutOutcome> {
  return database.transaction(async (tx) => {
    const [session] = await tx
      .update(demoCheckoutSessions)
      .set({ status: "completed", completedAt: now })
      .where(and(eq(demoCheckoutSessions.id, sessionId), eq(demoCheckoutSessions.userId, userId), eq(demoCheckoutSessions.status, "open")))
      .returning();
    if (!session) return { ok: false as const, ...(await whyNot(tx, userId, sessionId)) };
    const trialEnd = session.trialDays > 0 ? new Date(now.getTime() + session.trialDays * 86_400_000) : null;
    const result = await applySnapshot(
      tx,
      {
        userId,
        provider: "demo",
        externalId: null,
        planId: session.planId,
        billingInterval: session.billingInterval,
        status: trialEnd ? "trialing" : "active",
        currentPeriodStart: now,
        currentPeriodEnd: trialEnd ?? periodEnd(now, session.billingInterval),
        trialEnd,
        cancelAtPeriodEnd: false,
        scheduledPlanChange: null,
        scheduleId: null,
      },
      now,
    );
    return { ok: true as const, result };
  });
}

async function whyNot(tx: Database, userId: string, sessionId: string): Promise<{ status: 404 | 409; detail: string }> {
  const [session] = await tx.select().from(demoCheckoutSessions).where(and(eq(demoCheckoutSessions.id, sessionId), eq(demoCheckoutSessions.userId, userId)));
  if (!session) return { status: 404, detail: "This checkout does not exist." };
  return { status: 409, detail: session.status === "completed" ? "This checkout is already paid." : "This checkout was canceled. Start a new one from the plans." };
}

export async function cancelDemoCheckout(database: Database, userId: string, sessionId: string): Promise<boolean> {
  const rows = await database
    .update(demoCheckoutSessions)
    .set({ status: "canceled" })
    .where(and(eq(demoCheckoutSessions.id, sessionId), eq(demoCheckoutSessions.userId, userId), eq(demoCheckoutSessions.status, "open")))
    .returning({ id: demoCheckoutSessions.id });
  return rows.length > 0;
}

/** Applies a change to a demo subscription's row through applySnapshot (so events are written alike). */
export async function updateDemoSubscription(database: Database, row: Subscription, change: Partial<SubscriptionSnapshot>, now = new Date()): Promise<ApplyResult> {
  return database.transaction((tx) => applySnapshot(tx, { ...snapshotOf(row), ...change }, now));
}

export function scheduleDemoDowngrade(database: Database, row: Subscription, change: ScheduledPlanChange): Promise<ApplyResult> {
  return updateDemoSubscription(database, row, { scheduledPlanChange: change });
}

/** What happens at the end of a period: cancellation, the scheduled change, or a renewal. */
function nextPeriod(row: Subscription): Partial<SubscriptionSnapshot> {
  const start = row.currentPeriodEnd!;
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

/**
 * The demo provider has no billing clock of its own: ended periods are rolled forward when
 * the user's subscription is next read, as Stripe would have at the period end.
 */
export async function settleDemoSubscriptions(database: Database, userId: string, now = new Date()): Promise<void> {
  const due = await database
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, "demo"), ne(subscriptions.status, "canceled"), lte(subscriptions.currentPeriodEnd, now)));
  for (let row of due) {
    for (let i = 0; i < 120 && row.status !== "canceled" && row.currentPeriodEnd && row.currentPeriodEnd <= now; i++) {
      row = (await updateDemoSubscription(database, row, nextPeriod(row), now)).subscription;
    }
  }
}
