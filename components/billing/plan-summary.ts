/**
 * The one-line plan summaries of the subscription modal and its downgrade confirm
 * (spec §9: "16 hours per month, 33 languages, basic AI formatting, standard support"),
 * derived from the plan data operators edit, never hard-coded. The features read are the
 * server's `included_features`: what the plan gives, inherited ones included.
 */
import { toList } from "@/lib/billing/list-field";
import type { ApiLanguageTier, ApiPlan } from "@/lib/api/contract/billing";

export type SummaryPlan = Pick<ApiPlan, "hours_per_month" | "language_count" | "included_features">;

function hoursText(hours: number | null): string {
  return hours === null ? "hours to fit your team" : `${hours} hours per month`;
}

/** "advanced AI formatting", "basic AI formatting", or null when the plan gives neither. */
export function aiFormattingText(included: readonly string[]): string | null {
  if (included.includes("advanced_ai_formatting")) return "advanced AI formatting";
  if (included.includes("ai_enhancement") || included.includes("ai_enhanced_formatting")) return "basic AI formatting";
  return null;
}

export function supportText(included: readonly string[]): string {
  return included.includes("priority_support") ? "priority support" : "standard support";
}

export function planSummaryItems(plan: SummaryPlan): string[] {
  const ai = aiFormattingText(plan.included_features);
  return [hoursText(plan.hours_per_month), `${plan.language_count} languages`, ...(ai ? [ai] : []), supportText(plan.included_features)];
}

/** e.g. "16 hours per month, 33 languages, basic AI formatting, standard support" */
export function planSummary(plan: SummaryPlan): string {
  return planSummaryItems(plan).join(", ");
}

export interface Language {
  code: string;
  name: string;
}

/** The languages a plan's tiers give (each once), sorted by name. */
export function planLanguages(plan: Pick<ApiPlan, "language_tiers">, tiers: readonly ApiLanguageTier[]): Language[] {
  const wanted = new Set(toList(plan.language_tiers));
  const byCode = new Map<string, string>();
  for (const tier of tiers) {
    if (!wanted.has(tier.id)) continue;
    for (const [code, name] of Object.entries(tier.languages ?? {})) if (!byCode.has(code)) byCode.set(code, name);
  }
  return [...byCode].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, "en") || a.code.localeCompare(b.code));
}
