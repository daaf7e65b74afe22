/** Plan data for the billing tests, shaped like GET /api/subscriptions/plans from the seed catalogue. */
import { LANGUAGE_TIER_SEED, PLAN_SEED } from "@/lib/billing/catalog";
import type { ApiLanguageTier, ApiPlan, CurrentSubscription, PlansResponse } from "./types";

export const TIERS: ApiLanguageTier[] = LANGUAGE_TIER_SEED.map((tier) => ({ ...tier, languages: { ...tier.languages } }));

export const PLANS: ApiPlan[] = PLAN_SEED.map((seed) => {
  const codes = new Set(TIERS.filter((tier) => seed.languageTiers.includes(tier.id)).flatMap((tier) => Object.keys(tier.languages)));
  return {
    id: seed.id,
    name: seed.name,
    description: seed.description,
    price_monthly: seed.priceMonthly,
    price_annual: seed.priceAnnual,
    hours_per_month: seed.hoursPerMonth,
    features: [...seed.features],
    excluded_features: [...seed.excludedFeatures],
    language_tiers: [...seed.languageTiers],
    is_popular: seed.isPopular,
    is_active: true,
    checkout_enabled: seed.checkoutEnabled,
    language_count: codes.size,
  };
});

export function plan(id: string): ApiPlan {
  const found = PLANS.find((p) => p.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
}

export const PLANS_RESPONSE: PlansResponse = { plans: PLANS, language_tiers: TIERS };

export function subscription(overrides: Partial<CurrentSubscription> = {}): CurrentSubscription {
  const planId = overrides.plan_id ?? "free";
  return {
    plan_id: planId,
    plan_name: PLANS.find((p) => p.id === planId)?.name ?? planId,
    status: planId === "free" ? null : "active",
    billing_interval: planId === "free" ? null : "monthly",
    current_period_end: planId === "free" ? null : "2030-01-31T00:00:00.000Z",
    trial_end: null,
    cancel_at_period_end: false,
    scheduled_plan_change: null,
    ...overrides,
  };
}
