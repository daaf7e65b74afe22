import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { z } from "zod";
import type { Database } from "@/lib/db/client";
import { plans, subscriptions, type Plan, type Subscription } from "@/lib/db/schema";
import { getSetting } from "@/lib/settings/settings";
import { currentSubscription } from "./current-subscription";
import { openDemoCheckout, scheduleDemoDowngrade, updateDemoSubscription } from "./demo/demo-billing";
import { FREE_PLAN_ID } from "./entitlements";
import { createCheckoutSession } from "./stripe/checkout";
import { BillingProviderError } from "./stripe/errors";
import { createPortalSession } from "./stripe/portal";
import { cancelScheduledDowngrade, scheduleDowngrade as scheduleStripeDowngrade } from "./stripe/schedule";
import { setCancelAtPeriodEnd } from "./stripe/subscriptions";
import { trialEligible } from "./subscription-sync";
import { BILLING_INTERVALS, type BillingInterval } from "./subscription-types";
import { INVALID_PLAN_CHANGE, planChange } from "./transitions";
import { fail, type Outcome } from "@/lib/http/outcome";
import { billingDate } from "./billing-date";

export const PlanChoice = z.object({
  plan_id: z.string({ error: "Choose a plan (plan_id)." }).min(1, "Choose a plan (plan_id)."),
  billing_interval: z.enum(BILLING_INTERVALS, { error: 'billing_interval must be "monthly" or "annual".' }),
});
export type PlanChoice = z.infer<typeof PlanChoice>;

export interface BillingUser {
  id: string;
  email: string;
  stripeCustomerId: string | null;
}

export interface BillingDeps {
  stripe: Stripe | null;
  appUrl: string;
}


async function sellablePlan(database: Database, id: string): Promise<Plan | undefined> {
  const [plan] = await database.select().from(plans).where(and(eq(plans.id, id), eq(plans.isActive, true), eq(plans.checkoutEnabled, true)));
  return plan;
}

function priceId(plan: Plan, interval: BillingInterval): string | null {
  return interval === "annual" ? plan.stripePriceIdAnnual : plan.stripePriceIdMonthly;
}

const missingPrice = (plan: Plan, interval: BillingInterval) =>
  fail(503, `${plan.name} has no Stripe price for ${interval} billing yet. An operator sets it in the admin panel.`);

/** Runs a provider call; its failures become the provider's clean message. */
async function guarded<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (error instanceof BillingProviderError) return fail(error.status, error.message);
    throw error;
  }
}

/** free → paid, pro → premium, or the same plan again: a checkout (Stripe, or the demo page). */
export async function startCheckout(database: Database, user: BillingUser, choice: PlanChoice, deps: BillingDeps): Promise<Outcome<string>> {
  const target = await sellablePlan(database, choice.plan_id);
  const current = await currentSubscription(database, user.id);
  if (!target || planChange(current?.planId ?? FREE_PLAN_ID, target.id) !== "checkout") return fail(400, INVALID_PLAN_CHANGE);
  if (current && current.status !== "unpaid" && current.planId === target.id && current.billingInterval === choice.billing_interval) {
    return fail(409, `You are already on ${target.name} with ${choice.billing_interval} billing.`);
  }
  const trialDays = (await trialEligible(database, user.id)) ? await getSetting(database, "trial_days") : 0;
  if (!deps.stripe) {
    const id = await openDemoCheckout(database, user.id, target.id, choice.billing_interval, trialDays);
    return { ok: true, value: `/billing/demo-checkout/${id}` };
  }
  const price = priceId(target, choice.billing_interval);
  if (!price) return missingPrice(target, choice.billing_interval);
  const stripe = deps.stripe;
  return guarded(async () => {
    const session = await createCheckoutSession(stripe, {
      userId: user.id,
      email: user.email,
      customerId: user.stripeCustomerId,
      priceId: price,
      planId: target.id,
      billingInterval: choice.billing_interval,
      trialDays,
      successUrl: `${deps.appUrl}/account?checkout=success`,
      cancelUrl: `${deps.appUrl}/account?checkout=canceled`,
    });
    return session.url;
  });
}

/** premium → pro: kept until the period ends, then the lower plan (a Stripe subscription schedule). */
export async function scheduleDowngrade(database: Database, user: BillingUser, choice: PlanChoice, deps: BillingDeps): Promise<Outcome<string>> {
  const target = await sellablePlan(database, choice.plan_id);
  const current = await currentSubscription(database, user.id);
  if (!target || !current || planChange(current.planId, target.id) !== "downgrade") return fail(400, INVALID_PLAN_CHANGE);
  if (current.scheduledPlanChange) return fail(409, "A downgrade is already scheduled.");
  if (!current.currentPeriodEnd) return fail(409, "This subscription has no billing period to end yet. Try again in a minute.");
  let effectiveAt = current.currentPeriodEnd;
  let scheduleId: string | null = current.stripeScheduleId;
  if (current.provider === "stripe") {
    const stripe = deps.stripe;
    const price = priceId(target, choice.billing_interval);
    if (!stripe || !current.stripeSubscriptionId) return fail(503, "Billing is not configured on this server. Contact support.");
    if (!price) return missingPrice(target, choice.billing_interval);
    const scheduled = await guarded(() =>
      scheduleStripeDowngrade(stripe, {
        subscriptionId: current.stripeSubscriptionId!,
        targetPriceId: price,
        existingScheduleId: current.stripeScheduleId,
        targetBillingInterval: choice.billing_interval,
        targetPlanId: target.id,
      }),
    );
    if (!scheduled.ok) return scheduled;
    ({ effectiveAt, scheduleId } = scheduled.value);
  }
  const change = { plan_id: target.id, billing_interval: choice.billing_interval, effective_at: effectiveAt.toISOString() };
  if (current.provider === "demo") await scheduleDemoDowngrade(database, current, change);
  else await database.update(subscriptions).set({ scheduledPlanChange: change, stripeScheduleId: scheduleId }).where(eq(subscriptions.id, current.id));
  return { ok: true, value: `Downgrade to ${target.name} scheduled for end of current period (${billingDate(effectiveAt)}).` };
}

/** Where "Manage billing" goes: Stripe's customer portal, or the demo billing page. */
export async function billingPortalUrl(user: BillingUser, current: Subscription | undefined, deps: BillingDeps): Promise<Outcome<string>> {
  if (!current || current.provider === "demo") return { ok: true, value: "/billing/demo-portal" };
  if (!deps.stripe || !user.stripeCustomerId) return fail(409, "There is no Stripe billing account for you yet.");
  const stripe = deps.stripe;
  const customer = user.stripeCustomerId;
  return guarded(() => createPortalSession(stripe, customer, `${deps.appUrl}/account`));
}

/** Cancel at the end of the period (cancel = true), or take that back (false). */
export async function setCancellation(database: Database, userId: string, cancel: boolean, deps: BillingDeps): Promise<Outcome<Subscription>> {
  const current = await currentSubscription(database, userId);
  if (!current || current.status === "unpaid") return fail(409, "You have no running subscription.");
  if (current.cancelAtPeriodEnd === cancel) return { ok: true, value: current };
  if (current.provider === "demo") return { ok: true, value: (await updateDemoSubscription(database, current, { cancelAtPeriodEnd: cancel })).subscription };
  const stripe = deps.stripe;
  if (!stripe || !current.stripeSubscriptionId) return fail(503, "Billing is not configured on this server. Contact support.");
  const sent = await guarded(async () => {
    // Stripe refuses to cancel a subscription a schedule manages: canceling drops the scheduled downgrade.
    if (cancel && current.stripeScheduleId && current.scheduledPlanChange) await cancelScheduledDowngrade(stripe, current.stripeScheduleId);
    return setCancelAtPeriodEnd(stripe, current.stripeSubscriptionId!, cancel);
  });
  if (!sent.ok) return sent;
  // The webhook confirms it; the row reflects it at once so the page shows the new state.
  const [row] = await database
    .update(subscriptions)
    .set(cancel ? { cancelAtPeriodEnd: true, scheduledPlanChange: null, stripeScheduleId: null } : { cancelAtPeriodEnd: false })
    .where(eq(subscriptions.id, current.id))
    .returning();
  return { ok: true, value: row };
}
