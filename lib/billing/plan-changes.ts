import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { plans, type Plan, type Subscription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { billingDate } from "./billing-date";
import { currentSubscription } from "./current-subscription";
import { markOnboardingSeen } from "./onboarding";
import { defaultPlan } from "./plans";
import type { BillingProvider, BillingUser } from "./provider-types";
import { noBillingPeriod } from "./provider-errors";
import type { BillingInterval } from "./subscription-types";
import { INVALID_PLAN_CHANGE, planChange } from "./transitions";
import { assertSeatsCover, checkedSeats, defaultSeats, seatsTaken } from "./seats";
import { trialDaysFor } from "./trial";

/** The plan and billing interval a user picked (the body of checkout and downgrade requests). */
interface PlanChoice {
  plan_id: string;
  billing_interval: BillingInterval;
  /** a per-seat plan's seats (checkout); ignored for other plans */
  seats?: number;
}

const invalidChange = () => new DomainError("invalid", INVALID_PLAN_CHANGE);

/** A plan on sale online (active, with checkout): what a landing page choice or the plan dialog may buy. */
export async function sellablePlan(database: Database, id: string): Promise<Plan | undefined> {
  const [plan] = await database.select().from(plans).where(and(eq(plans.id, id), eq(plans.isActive, true), eq(plans.checkoutEnabled, true)));
  return plan;
}

/** The plan the user is on: the subscription's, or the default plan without one. */
async function planOf(database: Database, current: Subscription | undefined): Promise<Plan | undefined> {
  if (!current) return defaultPlan(database);
  const [plan] = await database.select().from(plans).where(eq(plans.id, current.planId));
  return plan;
}

/**
 * How many languages a plan lists and, when the server's engines transcribe fewer, what they do
 * (lib/transcription/server-languages: billing sits below transcription, so it is handed in).
 */
export type PlanLanguages = (plan: Plan) => Promise<{ count: number; note: string | null }>;

/** An upgrade (free → paid, pro → premium) or the same plan again: where the user goes to pay. */
export async function startCheckout(database: Database, billing: BillingProvider, user: BillingUser, choice: PlanChoice, languagesOf: PlanLanguages): Promise<string> {
  const target = await sellablePlan(database, choice.plan_id);
  const current = await currentSubscription(database, user.id);
  if (!target || planChange(await planOf(database, current), target) !== "checkout") throw invalidChange();
  if (current && current.status !== "unpaid" && current.planId === target.id && current.billingInterval === choice.billing_interval) {
    throw new DomainError("conflict", `You are already on ${target.name} with ${choice.billing_interval} billing.`);
  }
  const [trialDays, languages] = await Promise.all([trialDaysFor(database, user.id), languagesOf(target)]);
  const languagesNote = languages.note && `${target.name} lists ${languages.count} languages. ${languages.note}`;
  // Switching a per-seat plan's billing interval keeps the seats bought, unless others are asked for.
  const seatsNow = current && current.planId === target.id ? current.seats : undefined;
  const seats = target.perSeat ? await checkoutSeats(database, user.id, choice.seats ?? seatsNow) : null;
  const url = await billing.checkoutUrl(database, { user, plan: target, interval: choice.billing_interval, trialDays, languagesNote, seats });
  // A plan was chosen: the plan dialog does not open by itself again, even if checkout is left unpaid.
  await markOnboardingSeen(database, user.id);
  return url;
}

/**
 * The seats a per-seat checkout starts with (asked, else the buyer's team size or a small
 * team), never fewer than the people the buyer's workspaces already hold.
 */
async function checkoutSeats(database: Database, userId: string, asked: number | undefined): Promise<{ quantity: number; minimum: number }> {
  const quantity = asked === undefined ? await defaultSeats(database, userId) : checkedSeats(asked);
  await assertSeatsCover(database, userId, quantity);
  const taken = await seatsTaken(database, userId);
  return { quantity, minimum: Math.max(1, taken.members + taken.invitations) };
}

export const NOT_PER_SEAT = "Your plan is not priced per seat: there are no seats to change.";
const SEATS_WAIT_FOR_CHANGE = "A change to another plan is scheduled for the end of this period, so the seats cannot change before it.";

/**
 * `POST /api/subscriptions/seats`: more seats (billed at once, prorated) or fewer (never below
 * the people the owner's workspaces hold with their pending invitations).
 */
export async function changeSeats(database: Database, billing: BillingProvider, userId: string, seats: number): Promise<Subscription> {
  const { current, wanted } = await seatsChange(database, userId, seats);
  if (current.seats === wanted) return current;
  return billing.changeSeats(database, current, wanted);
}

/**
 * A seats change checked as `changeSeats` checks it, without making it: the running per-seat
 * subscription, its plan, and the seats wanted (refused below the people the workspaces hold).
 */
export async function seatsChange(database: Database, userId: string, seats: number): Promise<{ current: Subscription; plan: Plan; wanted: number }> {
  const wanted = checkedSeats(seats);
  const current = await currentSubscription(database, userId);
  if (!current || current.status === "unpaid") throw new DomainError("conflict", "You have no running subscription.");
  const plan = await planOf(database, current);
  if (!plan?.perSeat) throw new DomainError("conflict", NOT_PER_SEAT);
  if (current.seats === wanted) return { current, plan, wanted };
  if (current.scheduledPlanChange) throw new DomainError("conflict", SEATS_WAIT_FOR_CHANGE);
  if (wanted < current.seats) await assertSeatsCover(database, userId, wanted);
  return { current, plan, wanted };
}

/** A downgrade (premium → pro): the current plan lasts until the period ends, then the lower one. Returns the message the modal shows. */
export async function scheduleDowngrade(database: Database, billing: BillingProvider, user: BillingUser, choice: PlanChoice): Promise<string> {
  const target = await sellablePlan(database, choice.plan_id);
  const current = await currentSubscription(database, user.id);
  if (!target || !current || planChange(await planOf(database, current), target) !== "downgrade") throw invalidChange();
  if (current.scheduledPlanChange) throw new DomainError("conflict", "A downgrade is already scheduled.");
  if (!current.currentPeriodEnd) throw noBillingPeriod();
  const change = await billing.scheduleDowngrade(database, current, target, choice.billing_interval);
  return `Downgrade to ${target.name} scheduled for end of current period (${billingDate(new Date(change.effective_at))}).`;
}

/** Where "Manage billing" goes. */
export async function billingPortalUrl(database: Database, billing: BillingProvider, user: BillingUser): Promise<string> {
  return billing.portalUrl(user, await currentSubscription(database, user.id));
}

/** Cancel at the end of the period (cancel = true), or take that back (false). */
export async function setCancellation(database: Database, billing: BillingProvider, userId: string, cancel: boolean): Promise<Subscription> {
  const current = await currentSubscription(database, userId);
  if (!current || current.status === "unpaid") throw new DomainError("conflict", "You have no running subscription.");
  if (current.cancelAtPeriodEnd === cancel) return current;
  return billing.setCancellation(database, current, cancel);
}
