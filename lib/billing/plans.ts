import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { languageTiers, plans, type LanguageTier, type Plan } from "@/lib/db/schema";
import { expandFeatures } from "./entitlements";
import { toList } from "./list-field";

export async function activePlans(database: Database): Promise<Plan[]> {
  return database.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder));
}

/** Every plan, inactive ones too, in display order. */
export async function allPlans(database: Database): Promise<Plan[]> {
  return database.select().from(plans).orderBy(asc(plans.sortOrder));
}

export async function allLanguageTiers(database: Database): Promise<LanguageTier[]> {
  return database.select().from(languageTiers).orderBy(asc(languageTiers.sortOrder));
}

/** The plan of every user without a running subscription (`is_default`; the seed makes it free). */
export async function defaultPlan(database: Database | Tx): Promise<Plan> {
  const [plan] = await database.select().from(plans).where(eq(plans.isDefault, true));
  if (!plan) throw new Error("No default plan: one row of the plans table must have is_default");
  return plan;
}

/** Distinct languages a plan's tiers give. */
function planLanguageCount(plan: Pick<Plan, "languageTiers">, tiers: LanguageTier[]): number {
  const codes = new Set<string>();
  for (const tier of tiers) {
    if (plan.languageTiers.includes(tier.id)) for (const code of Object.keys(tier.languages)) codes.add(code);
  }
  return codes.size;
}


/** Spec §3 plan fields (snake_case), the language count the cards show, and what the plan-change rules read. */
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
    is_default: plan.isDefault,
    rank: plan.rank,
    in_onboarding_modal: plan.inOnboardingModal,
    per_seat: plan.perSeat,
  };
}

/**
 * A plan as sold: toApiPlan's fields and every feature it gives, `everything_in_*` followed
 * through `everyPlan` (inactive plans too) exactly as entitlements follow them.
 */
export function toPublicPlan(plan: Plan, tiers: LanguageTier[], everyPlan: ReadonlyMap<string, Plan>) {
  return { ...toApiPlan(plan, tiers), included_features: [...expandFeatures(plan, everyPlan)] };
}

export function toApiTier(tier: LanguageTier) {
  return { id: tier.id, description: tier.description, languages: tier.languages };
}

/** The default plan's id, as an SQL expression for queries that show "the plan a user is on". */
export const defaultPlanIdSql = (): SQL<string> => sql<string>`(select ${plans.id} from ${plans} where ${plans.isDefault})`;
