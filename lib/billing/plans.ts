import { asc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { languageTiers, plans, type LanguageTier, type Plan } from "@/lib/db/schema";

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
