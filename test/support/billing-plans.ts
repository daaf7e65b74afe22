/** Plan data for the billing tests, shaped like GET /api/subscriptions/plans from the seed catalogue. */
import { LANGUAGE_TIER_SEED, PLAN_SEED } from "@/lib/billing/catalog";
import { expandFeatures } from "@/lib/billing/entitlements";
import type { ApiLanguageTier, ApiPlan, CurrentSubscription, PlansAnswer } from "@/lib/api/contract/billing";

export const TIERS: ApiLanguageTier[] = LANGUAGE_TIER_SEED.map((tier) => ({ ...tier, languages: { ...tier.languages } }));

const SEEDS_BY_ID = new Map(PLAN_SEED.map((seed) => [seed.id, seed]));

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
    stripe_price_id_monthly: null,
    stripe_price_id_annual: null,
    language_count: codes.size,
    is_default: seed.isDefault,
    rank: seed.rank,
    in_onboarding_modal: seed.inOnboardingModal,
    per_seat: seed.perSeat,
    included_features: [...expandFeatures(seed, SEEDS_BY_ID)],
  };
});

export function plan(id: string): ApiPlan {
  const found = PLANS.find((p) => p.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
}

/** As a server with a multilingual engine and a language model answers (no caveat); `overrides` change that. */
export function plansResponse(overrides: Partial<PlansAnswer> = {}): PlansAnswer {
  return { plans: PLANS, language_tiers: TIERS, support_email: "support@verbatim.example", trial_days: 7, transcribed_languages: "any", unavailable_features: [], ...overrides };
}

export const PLANS_RESPONSE: PlansAnswer = plansResponse();

const DEFAULT_PLAN_ID = PLAN_SEED.find((seed) => seed.isDefault)!.id;

/** GET /api/subscriptions/current: the default plan unless `overrides.plan_id` names another. */
export function subscription(overrides: Partial<CurrentSubscription> = {}): CurrentSubscription {
  const planId = overrides.plan_id ?? DEFAULT_PLAN_ID;
  const onDefault = planId === DEFAULT_PLAN_ID;
  return {
    plan_id: planId,
    plan_name: PLANS.find((p) => p.id === planId)?.name ?? planId,
    plan_rank: PLANS.find((p) => p.id === planId)?.rank ?? 0,
    plan_is_default: onDefault,
    plan_checkout_enabled: PLANS.find((p) => p.id === planId)?.checkout_enabled ?? false,
    id: onDefault ? null : `sub-${planId}`,
    status: onDefault ? null : "active",
    billing_interval: onDefault ? null : "monthly",
    provider: onDefault ? null : "demo",
    stripe_subscription_id: null,
    created_at: onDefault ? null : "2029-12-31T00:00:00.000Z",
    updated_at: onDefault ? null : "2029-12-31T00:00:00.000Z",
    current_period_start: onDefault ? null : "2029-12-31T00:00:00.000Z",
    current_period_end: onDefault ? null : "2030-01-31T00:00:00.000Z",
    trial_end: null,
    cancel_at_period_end: false,
    scheduled_plan_change: null,
    // A user who never subscribed gets the trial; one with a subscription has had it.
    trial_days: onDefault ? 7 : 0,
    ...overrides,
  };
}
