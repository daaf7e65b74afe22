import { and, desc, eq, gt, inArray, or } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { languageTiers, plans, subscriptions, usage, type Plan, type Subscription } from "@/lib/db/schema";
import { billingDate } from "./billing-date";
import { effectiveSubscription } from "./demo/demo-clock";
import { inheritedPlanId, isFeatureKey, type FeatureKey } from "./features";
import { calendarMonth, type Period } from "./period";

/** Statuses under which a subscription's plan applies; any other falls back to the default plan. */
const ENTITLED_STATUSES: readonly Subscription["status"][] = ["active", "trialing"];

/**
 * A failed renewal (past_due) keeps the paid plan this long while the provider retries the
 * card; after it, or once the subscription is unpaid or canceled, the free limits apply.
 */
const PAST_DUE_GRACE_DAYS = 3;

export interface Entitlements {
  planId: string;
  planName: string;
  /** on the default plan (free): no subscription, or one that no longer applies */
  onDefaultPlan: boolean;
  features: ReadonlySet<FeatureKey>;
  /** language code → name, from the plan's language tiers */
  languages: Readonly<Record<string, string>>;
  /** priced per seat (Team): the hours below are the plan's hours × seats */
  perSeat: boolean;
  /** seats the subscription bought (1 without a subscription, and on plans not sold per seat) */
  seats: number;
  /** null: no fixed limit */
  secondsPerPeriod: number | null;
  secondsUsed: number;
  period: Period;
  /** a trial of several seats: it gives one seat's hours, and the rest arrive when it ends (`until`) */
  trialHours: { seats: number; until: Date } | null;
}

type PlanFeatures = Pick<Plan, "id" | "features">;

/**
 * A plan's own features plus those of every plan named by an `everything_in_*` key,
 * followed transitively (cycles from a bad admin edit are cut, not looped).
 */
export function expandFeatures(
  plan: PlanFeatures,
  plansById: ReadonlyMap<string, PlanFeatures>,
  seen: Set<string> = new Set(),
): Set<FeatureKey> {
  seen.add(plan.id);
  const result = new Set<FeatureKey>();
  for (const key of plan.features) {
    if (isFeatureKey(key)) result.add(key);
    const inherited = inheritedPlanId(key);
    const parent = inherited ? plansById.get(inherited) : undefined;
    if (parent && !seen.has(parent.id)) {
      for (const k of expandFeatures(parent, plansById, seen)) result.add(k);
    }
  }
  return result;
}

export function mayUseFeature(e: Entitlements, feature: FeatureKey): boolean {
  return e.features.has(feature);
}

export function mayUseLanguage(e: Entitlements, code: string): boolean {
  return Object.hasOwn(e.languages, code);
}

/** Seconds left this period; null when the plan has no fixed limit. */
export function secondsRemaining(e: Entitlements): number | null {
  if (e.secondsPerPeriod === null) return null;
  return Math.max(0, e.secondsPerPeriod - e.secondsUsed);
}

export function mayTranscribeSeconds(e: Entitlements, seconds: number): boolean {
  const left = secondsRemaining(e);
  return left === null || seconds <= left;
}

/**
 * The subscription whose plan applies at `now`, if any. Reads only: a demo subscription's
 * ended periods are rolled forward in the answer (effectiveSubscription).
 */
async function entitledSubscription(database: Database | Tx, userId: string, now: Date): Promise<Subscription | undefined> {
  const graceStart = new Date(now.getTime() - PAST_DUE_GRACE_DAYS * 86_400_000);
  const applies = (row: Subscription) =>
    ENTITLED_STATUSES.includes(row.status) || (row.status === "past_due" && row.pastDueSince !== null && row.pastDueSince > graceStart);
  const rows = await database
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        or(
          inArray(subscriptions.status, [...ENTITLED_STATUSES]),
          and(eq(subscriptions.status, "past_due"), gt(subscriptions.pastDueSince, graceStart)),
        ),
      ),
    )
    .orderBy(desc(subscriptions.updatedAt));
  return rows.map((row) => effectiveSubscription(row, now)).find(applies);
}

function subscriptionPeriod(
  sub: { currentPeriodStart: Date | null; currentPeriodEnd: Date | null } | undefined,
  now: Date,
): Period {
  if (sub?.currentPeriodStart && sub.currentPeriodEnd && sub.currentPeriodEnd > now) {
    return { start: sub.currentPeriodStart, end: sub.currentPeriodEnd };
  }
  return calendarMonth(now);
}

/** What this user may do right now, read from the plan data operators maintain. */
export async function entitlementsFor(
  database: Database | Tx,
  userId: string,
  now: Date = new Date(),
): Promise<Entitlements> {
  const sub = await entitledSubscription(database, userId, now);
  const allPlans = await database.select().from(plans);
  const plansById = new Map(allPlans.map((p) => [p.id, p]));
  const fallback = allPlans.find((p) => p.isDefault);
  const plan = (sub && plansById.get(sub.planId)) || fallback;
  if (!plan) throw new Error("No default plan: one row of the plans table must have is_default");

  const tiers = plan.languageTiers.length
    ? await database.select().from(languageTiers).where(inArray(languageTiers.id, plan.languageTiers))
    : [];
  const languages = Object.assign({}, ...tiers.map((t) => t.languages)) as Record<string, string>;

  const period = subscriptionPeriod(sub, now);
  // Each paid seat brings the plan's hours; the workspace shares them all (lib/billing/payer.ts).
  // A trial is not paid: it gives one seat's hours, however many seats it was started with.
  const seats = plan.perSeat && sub ? Math.max(1, sub.seats) : 1;
  const paidSeats = sub?.status === "trialing" ? 1 : seats;
  const [used] = await database
    .select({ seconds: usage.secondsUsed })
    .from(usage)
    .where(and(eq(usage.userId, userId), eq(usage.periodStart, period.start)));

  return {
    planId: plan.id,
    planName: plan.name,
    onDefaultPlan: plan.isDefault,
    features: expandFeatures(plan, plansById),
    languages,
    perSeat: plan.perSeat,
    seats,
    secondsPerPeriod: plan.hoursPerMonth === null ? null : Math.round(plan.hoursPerMonth * 3600 * paidSeats),
    secondsUsed: used?.seconds ?? 0,
    period,
    trialHours: paidSeats < seats && sub?.trialEnd ? { seats, until: sub.trialEnd } : null,
  };
}

/**
 * Beside hours shown during a trial of several seats: why they are one seat's, and when the
 * rest arrive ("The trial gives one seat's hours; the hours of all 3 seats arrive when it
 * ends on 6 December 2026.").
 */
export function trialHoursNote(e: Pick<Entitlements, "trialHours">): string | null {
  if (!e.trialHours) return null;
  return `The trial gives one seat's hours; the hours of all ${e.trialHours.seats} seats arrive when it ends on ${billingDate(e.trialHours.until)}.`;
}
