import { eq, sql } from "drizzle-orm";
import type { Database, DatabaseHandle, Tx } from "@/lib/db/client";
import { cacheVersions, type LanguageTier, type Plan } from "@/lib/db/schema";
import { getSetting } from "@/lib/settings/settings";
import { allLanguageTiers, allPlans } from "./plans";

/** The row of cache_versions that counts edits of plans, language tiers, the support address and the trial length. */
const CATALOGUE = "plans";

export interface PublicCatalogue {
  /** the active plans, in display order */
  plans: Plan[];
  /** every plan by id, inactive ones too: a plan on sale may include the features of one that is not */
  everyPlan: ReadonlyMap<string, Plan>;
  tiers: LanguageTier[];
  /** where the pricing's "Contact us" (plans sold by contract) writes to */
  supportEmail: string;
  /** the free trial a first-time subscriber gets, shown beside the prices */
  trialDays: number;
}

// Edits made by this process (counted before their commit: a reader that sees the count move
// reads the version, which on PGlite's one connection waits for that transaction to end).
const globalForEdits = globalThis as unknown as { verbatimCatalogueEdits?: { count: number } };
const localEdits = (globalForEdits.verbatimCatalogueEdits ??= { count: 0 });

/**
 * Called inside the transaction of every edit of plans, tiers, the support address or the trial length: the version moves when (and
 * only if) the edit commits, so no process can cache rows older than the version it read.
 */
export async function bumpCatalogueVersion(tx: Database | Tx): Promise<void> {
  localEdits.count++;
  await tx
    .insert(cacheVersions)
    .values({ name: CATALOGUE, version: 1 })
    .onConflictDoUpdate({ target: cacheVersions.name, set: { version: sql`${cacheVersions.version} + 1` } });
}

async function catalogueVersion(database: Database): Promise<number> {
  const [row] = await database.select({ version: cacheVersions.version }).from(cacheVersions).where(eq(cacheVersions.name, CATALOGUE));
  return row?.version ?? 0;
}

/**
 * The active plans and the language tiers, kept in memory. Before serving, the version is read
 * on every call: one primary-key lookup of a one-row table, far cheaper than the two sorted
 * reads it replaces, and an operator's edit is seen by every process at once (a read only
 * every N ms would show customers old prices for up to N ms after the admin panel said saved).
 * The version is read before the rows, so an edit committed in between makes the next call
 * load again rather than keeping stale rows under the new version. With embedded PGlite (one
 * process, `otherProcesses: false`) even that read is skipped until this process edits.
 */
export function planCatalogueCache(options: { otherProcesses: boolean }) {
  let cached: { version: number; localEdits: number; value: PublicCatalogue } | null = null;
  return async (database: Database): Promise<PublicCatalogue> => {
    // Embedded PGlite has one process, so only this process's edits can make the copy stale.
    if (!options.otherProcesses && cached?.localEdits === localEdits.count) return cached.value;
    const edits = localEdits.count;
    const version = await catalogueVersion(database);
    if (cached?.version === version) {
      cached.localEdits = edits;
      return cached.value;
    }
    const [every, tiers, supportEmail, trialDays] = await Promise.all([
      allPlans(database),
      allLanguageTiers(database),
      getSetting(database, "support_email"),
      getSetting(database, "trial_days"),
    ]);
    const value = { plans: every.filter((p) => p.isActive), everyPlan: new Map(every.map((p) => [p.id, p])), tiers, supportEmail, trialDays };
    cached = { version, localEdits: edits, value };
    return cached.value;
  };
}

// One per process, on globalThis like the database handle: every bundle that imports this
// module (API routes, pages) shares it.
const globalForCatalogue = globalThis as unknown as { verbatimPlanCatalogue?: ReturnType<typeof planCatalogueCache> };

/** The public plan data, from this process's cache (the handle says whether other processes share the database). */
export function publicCatalogue(handle: DatabaseHandle): Promise<PublicCatalogue> {
  globalForCatalogue.verbatimPlanCatalogue ??= planCatalogueCache({ otherProcesses: handle.kind === "postgres" });
  return globalForCatalogue.verbatimPlanCatalogue(handle.db);
}
