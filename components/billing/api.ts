/** The subscription calls of the modal (spec §7), on the typed client and the billing contract. */
import { apiCall } from "@/lib/api/client";
import { OkAnswer } from "@/lib/api/contract/common";
import { CheckoutAnswer, CurrentSubscription, DowngradeAnswer, PlansAnswer, type PlanChoice } from "@/lib/api/contract/billing";
import type { BillingInterval } from "@/lib/billing/subscription-types";

const BASE = "/api/subscriptions";

/** Spec §8: a failure to load plans gives empty lists (and claims no trial or language coverage). */
export async function fetchPlans(): Promise<PlansAnswer> {
  const result = await apiCall(`${BASE}/plans`, { answer: PlansAnswer });
  return result.ok ? result.data : { plans: [], language_tiers: [], support_email: "", trial_days: 0, transcribed_languages: null };
}

/** The current subscription, or null when it could not be read. */
export async function fetchCurrentSubscription(): Promise<CurrentSubscription | null> {
  const result = await apiCall(`${BASE}/current`, { answer: CurrentSubscription });
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
  const result = await apiCall(`${BASE}/create-checkout-session`, { method: "POST", body: choice(planId, interval), answer: CheckoutAnswer });
  if (!result.ok) return { ok: false, detail: serverDetail(result.body) };
  return { ok: true, checkoutUrl: result.data.checkout_url || null, message: result.data.message || null };
}

export async function scheduleDowngrade(planId: string, interval: BillingInterval): Promise<PlanChangeResult> {
  const result = await apiCall(`${BASE}/schedule-downgrade`, { method: "POST", body: choice(planId, interval), answer: DowngradeAnswer });
  if (!result.ok) return { ok: false, detail: serverDetail(result.body) };
  return { ok: true, checkoutUrl: null, message: result.data.message || null };
}

/** Spec §4: once seen, the onboarding modal is reported to the server. Never throws. */
export async function markOnboardingSeen(): Promise<void> {
  // At worst (a failure) the modal shows once more next session: not worth bothering the user.
  await apiCall(`${BASE}/onboarding-seen`, { method: "POST", answer: OkAnswer, keepalive: true });
}
