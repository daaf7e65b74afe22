import { asc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { FEATURE_LABELS, isFeatureKey } from "@/lib/billing/features";
import { defaultPlan, toApiPlan, type ApiPlan } from "@/lib/billing/plans";
import type { Database, Tx } from "@/lib/db/client";
import { languageTiers, plans, type Plan } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { changedFields } from "./audit-diff";
import { recordAudit, type Actor } from "./audit-log";
import { parseCommaList } from "./list-input";

/** Whole cents: 15, 15.5 and 15.99 pass; 15.999 does not (floating point tolerated). */
const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const amount = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, `${what} must be 0 or more`)
    .max(1_000_000, `${what} must be at most 1000000`)
    .refine(hasCents, `${what} may have at most 2 decimal places`);

/** A list typed comma-separated, or sent as an array: trimmed, empty items dropped. */
const listField = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => parseCommaList(Array.isArray(value) ? value.join(",") : value));

const featureList = listField.refine((keys) => keys.every(isFeatureKey), {
  error: (issue) => {
    const unknown = (issue.input as string[]).filter((key) => !isFeatureKey(key));
    return `unknown feature key ${unknown.map((k) => `"${k}"`).join(", ")}; known keys: ${Object.keys(FEATURE_LABELS).join(", ")}`;
  },
});

const stripePriceId = z
  .string()
  .trim()
  .max(255)
  .transform((value) => value || null)
  .refine((value) => value === null || /^price_\w+$/.test(value), "must be a Stripe price id (price_…) or empty")
  .nullable();

/** Spec §7's PATCH /admin/plans/{id} fields (plus hours_per_month); each is optional. */
export const planPatchSchema = z.object({
  name: z.string().trim().min(1, "name must not be empty").max(60).optional(),
  description: z.string().trim().max(500).optional(),
  price_monthly: amount("price_monthly").optional(),
  price_annual: amount("price_annual").optional(),
  hours_per_month: amount("hours_per_month").nullable().optional(),
  features: featureList.optional(),
  excluded_features: featureList.optional(),
  language_tiers: listField.optional(),
  is_popular: z.boolean().optional(),
  is_active: z.boolean().optional(),
  stripe_price_id_monthly: stripePriceId.optional(),
  stripe_price_id_annual: stripePriceId.optional(),
});
export type PlanPatch = z.output<typeof planPatchSchema>;

/** Every plan, inactive ones too, in display order. */
export async function plansForAdmin(database: Database): Promise<ApiPlan[]> {
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
    stripePriceIdMonthly: patch.stripe_price_id_monthly,
    stripePriceIdAnnual: patch.stripe_price_id_annual,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

async function tierProblem(database: Database, tierIds: string[] | undefined): Promise<string | null> {
  if (!tierIds) return null;
  const known = new Set((await database.select({ id: languageTiers.id }).from(languageTiers)).map((t) => t.id));
  const unknown = tierIds.filter((id) => !known.has(id));
  return unknown.length ? `language_tiers: unknown tier ${unknown.map((id) => `"${id}"`).join(", ")}` : null;
}

/**
 * Webhooks map a Stripe price back to a plan and interval, so each price id may name only
 * one of them.
 */
async function priceIdProblem(database: Database | Tx, planId: string, monthly: string | null, annual: string | null): Promise<string | null> {
  if (monthly && monthly === annual) return "stripe_price_id_annual: the monthly and annual prices must be different Stripe prices";
  const others = await database.select().from(plans).where(ne(plans.id, planId));
  for (const id of [monthly, annual]) {
    const owner = id && others.find((p) => p.stripePriceIdMonthly === id || p.stripePriceIdAnnual === id);
    if (owner) return `${id === monthly ? "stripe_price_id_monthly" : "stripe_price_id_annual"}: ${id} is already the price of the ${owner.name} plan`;
  }
  return null;
}

/**
 * Applies an operator's edit. It takes effect at once: entitlements, the public plans API
 * and the onboarding modal all read the plans table on every request.
 */
export async function updatePlan(database: Database, actor: Actor, planId: string, patch: PlanPatch): Promise<ApiPlan> {
  if (patch.is_active === false && (await defaultPlan(database)).id === planId) {
    throw new DomainError("unprocessable", "is_active: the free plan cannot be deactivated; every user without a subscription is on it.");
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
    return toApiPlan(after, tiers);
  });
}
