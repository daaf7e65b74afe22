import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { plans } from "@/lib/db/schema";
import { formatUsage } from "@/lib/text/time-format";
import { currentSubscription } from "./current-subscription";
import { entitlementsFor, secondsRemaining, trialHoursNote } from "./entitlements";
import { statusLabel } from "./status-label";
import { billingDate } from "./billing-date";
import { seatsTaken } from "./seats";

/** What the account page shows about the plan: read once on the server, shown as text. */
export async function planSummaryFor(database: Database, userId: string, checkout: string | undefined, now = new Date()) {
  const sub = await currentSubscription(database, userId, now);
  const e = await entitlementsFor(database, userId, now);
  const [subPlan] = sub ? await database.select({ name: plans.name, perSeat: plans.perSeat }).from(plans).where(eq(plans.id, sub.planId)) : [];
  // A per-seat subscription shows its seats, and may change them down to the people its workspaces hold.
  const taken = sub && subPlan?.perSeat ? await seatsTaken(database, userId, { now }) : null;
  const change = sub?.scheduledPlanChange;
  const [changePlan] = change ? await database.select({ name: plans.name }).from(plans).where(eq(plans.id, change.plan_id)) : [];
  const left = secondsRemaining(e);
  const trialNote = trialHoursNote(e);
  return {
    planName: subPlan?.name ?? e.planName,
    statusLabel: sub ? statusLabel(sub.status, sub.trialEnd, now) : null,
    billingInterval: sub?.billingInterval ?? null,
    periodEnd: sub?.currentPeriodEnd ? billingDate(sub.currentPeriodEnd) : null,
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
    scheduledChange: change ? `${changePlan?.name ?? change.plan_id} (${change.billing_interval}) from ${billingDate(new Date(change.effective_at))}` : null,
    // The usage row is the payer's: a Team owner's counts every workspace they own with their own recordings.
    usage:
      left === null
        ? `${formatUsage(e.secondsUsed)} used`
        : `${formatUsage(e.secondsUsed)} of ${formatUsage(e.secondsPerPeriod ?? 0)} used (${e.planName} limits${e.perSeat ? `, ${e.seats} ${e.seats === 1 ? "seat" : "seats"}, shared by your workspaces` : ""})${trialNote ? ` ${trialNote}` : ""}`,
    seats: sub && taken ? { count: sub.seats, minimum: Math.max(1, taken.members + taken.invitations), taken: taken.members + taken.invitations } : null,
    hasSubscription: Boolean(sub),
    notice: checkout === "success" ? "Thank you! Your plan is active." : null,
  };
}
