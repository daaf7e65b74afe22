/** The subscription calls of the modal (spec §7), on the typed client and the billing endpoints. */
import { call } from "@/lib/api/client";
import type { CurrentSubscription, PlanChoice, PlansAnswer } from "@/lib/api/contract/billing";
import * as billing from "@/lib/api/endpoints/billing";
import type { BillingInterval } from "@/lib/billing/subscription-types";

/** Spec §8: a failure to load plans gives empty lists (and claims no trial or language coverage). */
export async function fetchPlans(): Promise<PlansAnswer> {
  const result = await call(billing.listPlans);
  return result.ok ? result.data : { plans: [], language_tiers: [], support_email: "", trial_days: 0, transcribed_languages: null, unavailable_features: [] };
}

/** The current subscription, or null when it could not be read. */
export async function fetchCurrentSubscription(): Promise<CurrentSubscription | null> {
  const result = await call(billing.currentSubscription);
  return result.ok ? result.data : null;
}

/** A plan-change call's outcome: ok with the answer's fields, or the server's detail (if any). */
export type PlanChangeResult =
  | { ok: true; checkoutUrl: string | null; message: string | null }
  | { ok: false; detail: string | null };

function choice(planId: string, interval: BillingInterval): PlanChoice {
  return { plan_id: planId, billing_interval: interval };
}

const serverDetail = (body: Record<string, unknown> | null) => (typeof body?.detail === "string" && body.detail ? body.detail : null);

export async function createCheckoutSession(planId: string, interval: BillingInterval): Promise<PlanChangeResult> {
  const result = await call(billing.createCheckoutSession, { body: choice(planId, interval) });
  if (!result.ok) return { ok: false, detail: serverDetail(result.body) };
  return { ok: true, checkoutUrl: result.data.checkout_url || null, message: result.data.message || null };
}

export async function scheduleDowngrade(planId: string, interval: BillingInterval): Promise<PlanChangeResult> {
  const result = await call(billing.scheduleDowngrade, { body: choice(planId, interval) });
  if (!result.ok) return { ok: false, detail: serverDetail(result.body) };
  return { ok: true, checkoutUrl: null, message: result.data.message || null };
}

/** Spec §4: once seen, the onboarding modal is reported to the server. Never throws. */
export async function markOnboardingSeen(): Promise<void> {
  // At worst (a failure) the modal shows once more next session: not worth bothering the user.
  await call(billing.markOnboardingSeen, { keepalive: true });
}
