import type { Database } from "@/lib/db/client";
import type { Plan } from "@/lib/db/schema";
import { offeredEngine } from "./offered-engine";
import { coverageNote, planLanguages, type ServerLanguages } from "@/lib/billing/language-coverage";
import { allLanguageTiers, toApiTier } from "@/lib/billing/plans";

/** What the engine uploads go to transcribes (see offeredEngine): its language codes, "any", or null while none runs. */
export async function serverLanguages(database: Database): Promise<ServerLanguages> {
  const { engine } = await offeredEngine(database);
  if (!engine) return null;
  const codes = engine.languages();
  return codes === "any" ? "any" : [...codes].sort();
}

/** At checkout: how many languages the plan lists, and what this server transcribes of them today when that is fewer. */
export async function checkoutLanguages(database: Database, plan: Pick<Plan, "languageTiers">): Promise<{ count: number; note: string | null }> {
  const [tiers, server] = await Promise.all([allLanguageTiers(database), serverLanguages(database)]);
  const languages = planLanguages({ language_tiers: plan.languageTiers }, tiers.map(toApiTier));
  return { count: languages.length, note: coverageNote(languages, server) };
}
