import { asc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { languageTiers, plans, type LanguageTier, type Plan } from "@/lib/db/schema";
import { toList } from "./list-field";

export async function activePlans(): Promise<Plan[]> {
  return db().select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder));
}

export async function allLanguageTiers(): Promise<LanguageTier[]> {
  return db().select().from(languageTiers).orderBy(asc(languageTiers.sortOrder));
}

/** Distinct languages a plan's tiers give. */
export function planLanguageCount(plan: Pick<Plan, "languageTiers">, tiers: LanguageTier[]): number {
  const codes = new Set<string>();
  for (const tier of tiers) {
    if (plan.languageTiers.includes(tier.id)) for (const code of Object.keys(tier.languages)) codes.add(code);
  }
  return codes.size;
}


/** Spec §3 plan fields (snake_case) plus the language count the cards show. */
export function toApiPlan(plan: Plan, tiers: LanguageTier[]) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price_monthly: Number(plan.priceMonthly),
    price_annual: Number(plan.priceAnnual),
    hours_per_month: plan.hoursPerMonth === null ? null : Number(plan.hoursPerMonth),
    features: toList(plan.features),
    excluded_features: toList(plan.excludedFeatures),
    language_tiers: toList(plan.languageTiers),
    is_popular: plan.isPopular,
    is_active: plan.isActive,
    checkout_enabled: plan.checkoutEnabled,
    stripe_price_id_monthly: plan.stripePriceIdMonthly,
    stripe_price_id_annual: plan.stripePriceIdAnnual,
    language_count: planLanguageCount({ languageTiers: toList(plan.languageTiers) }, tiers),
  };
}
export type ApiPlan = ReturnType<typeof toApiPlan>;

export function toApiTier(tier: LanguageTier) {
  return { id: tier.id, description: tier.description, languages: tier.languages };
}
