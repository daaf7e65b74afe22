import { asc, eq, ne } from "drizzle-orm";
import { bumpCatalogueVersion } from "@/lib/billing/plan-cache";
import type { AdminPlan, PlanPatch } from "@/lib/api/contract/admin";
import { defaultPlan, toApiPlan } from "@/lib/billing/plans";
import type { Database, Tx } from "@/lib/db/client";
import { languageTiers, plans, type Plan } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { changedFields } from "./audit-diff";
import { recordAudit, type Actor } from "./audit-log";

/** Every plan, inactive ones too, in display order. */
export async function plansForAdmin(database: Database): Promise<AdminPlan[]> {
  const [rows, tiers] = await Promise.all([
    database.select().from(plans).orderBy(asc(plans.sortOrder)),
    database.select().from(languageTiers),
  ]);
  return rows.map((plan) => toApiPlan(plan, tiers));
}

function toColumns(patch: PlanPatch): Partial<Plan> {
  const columns: Partial<Plan> = {
    name: patch.name,
    description: patch.description,
    priceMonthly: patch.price_monthly,
    priceAnnual: patch.price_annual,
    hoursPerMonth: patch.hours_per_month,
    features: patch.features,
    excludedFeatures: patch.excluded_features,
    languageTiers: patch.language_tiers,
    isPopular: patch.is_popular,
    isActive: patch.is_active,
    perSeat: patch.per_seat,
    stripePriceIdMonthly: patch.stripe_price_id_monthly,
    stripePriceIdAnnual: patch.stripe_price_id_annual,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

async function tierProblem(database: Database, tierIds: string[] | undefined): Promise<string | null> {
  if (!tierIds) return null;
  const known = new Set((await database.select({ id: languageTiers.id }).from(languageTiers)).map((t) => t.id));
  const unknown = tierIds.filter((id) => !known.has(id));
  return unknown.length ? `Unknown language tier ${unknown.map((id) => `"${id}"`).join(", ")}.` : null;
}

/**
 * Webhooks map a Stripe price back to a plan and interval, so each price id may name only
 * one of them.
 */
async function priceIdProblem(database: Database | Tx, planId: string, monthly: string | null, annual: string | null): Promise<string | null> {
  if (monthly && monthly === annual) return "The monthly and annual prices must be different Stripe prices.";
  const others = await database.select().from(plans).where(ne(plans.id, planId));
  for (const id of [monthly, annual]) {
    const owner = id && others.find((p) => p.stripePriceIdMonthly === id || p.stripePriceIdAnnual === id);
    if (owner) return `${id} is already the ${owner.stripePriceIdMonthly === id ? "monthly" : "annual"} price of the ${owner.name} plan.`;
  }
  return null;
}

/**
 * Applies an operator's edit. It takes effect at once: entitlements and the onboarding modal
 * read the plans table on every request, the public plan data's cache sees the version bumped here.
 */
export async function updatePlan(database: Database, actor: Actor, planId: string, patch: PlanPatch): Promise<AdminPlan> {
  if (patch.is_active === false && (await defaultPlan(database)).id === planId) {
    throw new DomainError("unprocessable", "The free plan cannot be deactivated: every user without a subscription is on it.");
  }
  const problem = await tierProblem(database, patch.language_tiers);
  if (problem) throw new DomainError("unprocessable", problem);
  const tiers = await database.select().from(languageTiers);
  return database.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, planId)).for("update");
    if (!before) throw new DomainError("not_found", "Plan not found.");
    const priceProblem = await priceIdProblem(
      tx,
      planId,
      patch.stripe_price_id_monthly === undefined ? before.stripePriceIdMonthly : patch.stripe_price_id_monthly,
      patch.stripe_price_id_annual === undefined ? before.stripePriceIdAnnual : patch.stripe_price_id_annual,
    );
    if (priceProblem) throw new DomainError("unprocessable", priceProblem);
    const columns = toColumns(patch);
    const [after] = Object.keys(columns).length
      ? await tx.update(plans).set(columns).where(eq(plans.id, planId)).returning()
      : [before];
    const changes = changedFields(toApiPlan(before, tiers), toApiPlan(after, tiers));
    if (changes.keys.length) {
      await recordAudit(tx, actor, {
        action: "plan.updated",
        targetType: "plan",
        targetId: planId,
        summary: `Changed plan ${after.name}: ${changes.keys.join(", ")}`,
        before: changes.before,
        after: changes.after,
      });
    }
    await bumpCatalogueVersion(tx);
    return toApiPlan(after, tiers);
  });
}
