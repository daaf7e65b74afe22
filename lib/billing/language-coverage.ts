/**
 * A plan's languages, and which of them this server's speech engine transcribes today: a plan
 * sells the languages of its tiers, but an English-only engine does one of them. Pure, so the
 * landing page, the change-plan dialog and checkout say the same.
 */
import { inWords } from "@/lib/text/word-list";
import { toList } from "./list-field";

export interface Language {
  code: string;
  name: string;
}

/**
 * The language codes the server's engine transcribes: "any" for a multilingual engine, null
 * when no engine runs right now (an outage says nothing about what the plans give).
 */
/** A language tier as the API gives it (lib/api/contract/billing's ApiLanguageTier has this shape): code → name. */
interface LanguageTierView {
  id: string;
  languages: Record<string, string>;
}

export type ServerLanguages = "any" | string[] | null;

/** The languages a plan's tiers give (each once), sorted by name. */
export function planLanguages(plan: { language_tiers: unknown }, tiers: readonly LanguageTierView[]): Language[] {
  const wanted = new Set(toList(plan.language_tiers));
  const byCode = new Map<string, string>();
  for (const tier of tiers) {
    if (!wanted.has(tier.id)) continue;
    for (const [code, name] of Object.entries(tier.languages ?? {})) if (!byCode.has(code)) byCode.set(code, name);
  }
  return [...byCode].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, "en") || a.code.localeCompare(b.code));
}

/** The plan's languages the server transcribes, when they are fewer than all; null when it does them all or cannot say. */
export function transcribedToday(languages: readonly Language[], server: ServerLanguages): Language[] | null {
  if (server === null || server === "any") return null;
  const codes = new Set(server);
  const done = languages.filter((l) => codes.has(l.code));
  return done.length < languages.length ? done : null;
}

/** Up to this many, the note names the languages; more read better in the languages dialog. */
const NAMED_UP_TO = 3;

/** Beside a plan's language count, when this server does fewer: "This server transcribes 1 of them today: English." */
export function coverageNote(languages: readonly Language[], server: ServerLanguages): string | null {
  const done = transcribedToday(languages, server);
  if (!done) return null;
  if (done.length === 0) return "This server transcribes none of them today.";
  const names = done.length <= NAMED_UP_TO ? `: ${inWords(done.map((l) => l.name))}` : "";
  return `This server transcribes ${done.length} of them today${names}.`;
}
