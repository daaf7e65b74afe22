/** The subscription calls of the modal (spec §7). All JSON; errors are `{ detail }`. */
import { withPlanLists } from "@/lib/billing/list-field";
import type { ApiLanguageTier, ApiPlan, BillingInterval, CurrentSubscription, PlansResponse } from "./types";

const BASE = "/api/subscriptions";

async function readJson(res: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === "object" ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Spec §8: a failure to load plans gives empty lists. */
export async function fetchPlans(): Promise<PlansResponse> {
  try {
    const res = await fetch(`${BASE}/plans`, { credentials: "include", cache: "no-store" });
    const body = res.ok ? await readJson(res) : null;
    const plans = Array.isArray(body?.plans) ? (body.plans as ApiPlan[]).map(withPlanLists) : [];
    const tiers = Array.isArray(body?.language_tiers) ? (body.language_tiers as ApiLanguageTier[]) : [];
    return { plans, language_tiers: tiers };
  } catch {
    return { plans: [], language_tiers: [] };
  }
}

/** The current subscription, or null when it could not be read. */
export async function fetchCurrentSubscription(): Promise<CurrentSubscription | null> {
  try {
    const res = await fetch(`${BASE}/current`, { credentials: "include", cache: "no-store" });
    const body = res.ok ? await readJson(res) : null;
    if (!body || typeof body.plan_id !== "string") return null;
    return {
      plan_id: body.plan_id,
      plan_name: typeof body.plan_name === "string" ? body.plan_name : body.plan_id,
      status: typeof body.status === "string" ? body.status : null,
      billing_interval: body.billing_interval === "monthly" || body.billing_interval === "annual" ? body.billing_interval : null,
      current_period_end: typeof body.current_period_end === "string" ? body.current_period_end : null,
      trial_end: typeof body.trial_end === "string" ? body.trial_end : null,
      cancel_at_period_end: body.cancel_at_period_end === true,
      scheduled_plan_change: (body.scheduled_plan_change as CurrentSubscription["scheduled_plan_change"]) ?? null,
    };
  } catch {
    return null;
  }
}

/** A plan-change call's outcome: ok with the answer's fields, or the server's detail (if any). */
export type PlanChangeResult =
  | { ok: true; checkoutUrl: string | null; message: string | null }
  | { ok: false; detail: string | null };

async function postPlanChange(path: string, planId: string, interval: BillingInterval): Promise<PlanChangeResult> {
  try {
    const res = await fetch(`${BASE}/${path}`, {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ plan_id: planId, billing_interval: interval }),
    });
    const body = await readJson(res);
    if (!res.ok) return { ok: false, detail: typeof body?.detail === "string" && body.detail ? body.detail : null };
    return {
      ok: true,
      checkoutUrl: typeof body?.checkout_url === "string" && body.checkout_url ? body.checkout_url : null,
      message: typeof body?.message === "string" && body.message ? body.message : null,
    };
  } catch {
    return { ok: false, detail: null };
  }
}

export function createCheckoutSession(planId: string, interval: BillingInterval): Promise<PlanChangeResult> {
  return postPlanChange("create-checkout-session", planId, interval);
}

export function scheduleDowngrade(planId: string, interval: BillingInterval): Promise<PlanChangeResult> {
  return postPlanChange("schedule-downgrade", planId, interval);
}

/** Spec §4: once seen, the onboarding modal is reported to the server. Never throws. */
export async function markOnboardingSeen(): Promise<void> {
  try {
    await fetch(`${BASE}/onboarding-seen`, { method: "POST", credentials: "include", keepalive: true });
  } catch {
    // Not worth bothering the user: at worst the modal shows once more next session.
  }
}
