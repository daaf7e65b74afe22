import { sql } from "drizzle-orm";
import { LANGUAGE_TIER_SEED, PLAN_SEED } from "@/lib/billing/catalog";
import { bumpCatalogueVersion } from "@/lib/billing/plan-cache";
import { SETTING_DEFINITIONS } from "@/lib/settings/definitions";
import { queryRows, type Database } from "@/lib/db/client";
import { languageTiers, plans, settings } from "@/lib/db/schema";

/**
 * Inserts the catalogue rows that are missing and leaves existing ones alone, so it can run
 * on every start without undoing what operators changed in the admin panel.
 */
export async function seed(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await tx
      .insert(languageTiers)
      .values(LANGUAGE_TIER_SEED.map((tier, sortOrder) => ({ ...tier, sortOrder })))
      .onConflictDoNothing();
    await tx
      .insert(plans)
      .values(PLAN_SEED.map((plan) => ({ ...plan, isActive: true })))
      .onConflictDoNothing();
    await tx
      .insert(settings)
      .values(
        Object.entries(SETTING_DEFINITIONS).map(([key, def]) => ({
          key,
          value: def.default,
          description: def.description,
        })),
      )
      .onConflictDoNothing();
    // Rows added here must reach processes already serving a cached catalogue.
    await bumpCatalogueVersion(tx);
  });
}

/** Row counts of the seeded tables. */
export async function catalogueCounts(database: Database) {
  const count = async (table: string) => {
    const rows = await queryRows<{ n: number }>(database, sql.raw(`select count(*)::int as n from ${table}`));
    return Number(rows[0]?.n ?? 0);
  };
  return {
    plans: await count("plans"),
    languageTiers: await count("language_tiers"),
    settings: await count("settings"),
  };
}
