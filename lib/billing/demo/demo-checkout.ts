import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { demoCheckoutSessions, plans, type Subscription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import type { BillingProvider } from "../provider-types";
import { DEFAULT_SEATS } from "../seat-count";
import { assertSeatsCover, checkedSeats } from "../seats";
import { applySnapshot } from "../subscription-sync";
import type { BillingInterval } from "../subscription-types";
import { periodEnd, settleDemoSubscriptions } from "./demo-clock";

/** The demo checkout exists only while payments are tests (no Stripe key is configured). */
export function requireDemoCheckout(billing: BillingProvider): void {
  if (!billing.testPayments) throw new DomainError("not_found", "The demo checkout is off: this server bills through Stripe.");
}

export async function openDemoCheckout(database: Database, userId: string, planId: string, interval: BillingInterval, trialDays: number): Promise<string> {
  const id = randomUUID();
  await database.insert(demoCheckoutSessions).values({ id, userId, planId, billingInterval: interval, trialDays });
  return id;
}

async function whyNot(tx: Database | Tx, userId: string, sessionId: string): Promise<DomainError> {
  const [session] = await tx.select().from(demoCheckoutSessions).where(and(eq(demoCheckoutSessions.id, sessionId), eq(demoCheckoutSessions.userId, userId)));
  if (!session) return new DomainError("not_found", "This checkout does not exist.");
  return new DomainError(
    "conflict",
    session.status === "completed" ? "This checkout is already paid." : "This checkout was canceled. Start a new one from the plans.",
  );
}

/**
 * The test payment went through: the same state change a Stripe checkout.session.completed
 * webhook causes, through the same applySnapshot. A session completes at most once.
 */
export async function completeDemoCheckout(database: Database, userId: string, sessionId: string, now = new Date(), seats?: number): Promise<Subscription> {
  return database.transaction(async (tx) => {
    const [session] = await tx
      .update(demoCheckoutSessions)
      .set({ status: "completed", completedAt: now })
      .where(and(eq(demoCheckoutSessions.id, sessionId), eq(demoCheckoutSessions.userId, userId), eq(demoCheckoutSessions.status, "open")))
      .returning();
    if (!session) throw await whyNot(tx, userId, sessionId);
    // Seats are chosen on the test checkout page (as Stripe Checkout's adjustable quantity); only a per-seat plan has them.
    const [plan] = await tx.select({ perSeat: plans.perSeat }).from(plans).where(eq(plans.id, session.planId));
    const bought = plan?.perSeat ? checkedSeats(seats ?? DEFAULT_SEATS) : 1;
    if (plan?.perSeat) await assertSeatsCover(tx, userId, bought);
    // The subscription this one replaces first catches up with the periods that ended.
    await settleDemoSubscriptions(tx, userId, now);
    const trialEnd = session.trialDays > 0 ? new Date(now.getTime() + session.trialDays * 86_400_000) : null;
    const applied = await applySnapshot(
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
        seats: bought,
      },
      now,
    );
    return applied.subscription;
  });
}

export async function cancelDemoCheckout(database: Database, userId: string, sessionId: string): Promise<void> {
  const rows = await database
    .update(demoCheckoutSessions)
    .set({ status: "canceled" })
    .where(and(eq(demoCheckoutSessions.id, sessionId), eq(demoCheckoutSessions.userId, userId), eq(demoCheckoutSessions.status, "open")))
    .returning({ id: demoCheckoutSessions.id });
  if (rows.length === 0) throw new DomainError("not_found", "This checkout is not open.");
}
