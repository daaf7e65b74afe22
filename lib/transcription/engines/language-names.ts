import { LANGUAGE_TIER_SEED } from "@/lib/billing/catalog";

const byName = new Map<string, string>();
for (const tier of LANGUAGE_TIER_SEED) {
  for (const [code, name] of Object.entries(tier.languages)) byName.set(name.toLowerCase(), code);
}

/** OpenAI answers "english"; some servers answer "en". Either becomes a code. */
export function languageCodeFromName(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const lower = value.trim().toLowerCase();
  if (/^[a-z]{2,3}$/.test(lower)) return lower;
  return byName.get(lower);
}

const byCode = new Map<string, string>();
for (const tier of LANGUAGE_TIER_SEED) {
  for (const [code, name] of Object.entries(tier.languages)) byCode.set(code, name);
}

/** Names in English, as the catalogue's are; the same on the server and in the browser for the codes engines report. */
const displayNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });

/**
 * The one way a customer sees a language: "en" → "English", on the dashboard, the transcript
 * page and in exports. The catalogue's name first (the plans list languages by it); a code
 * outside it (an engine may detect more languages than any plan lists) by its English name;
 * a code nobody knows as it is.
 */
export function languageName(code: string | null): string | null {
  if (!code) return null;
  const known = byCode.get(code);
  if (known) return known;
  if (!/^[a-z]{2,3}$/i.test(code)) return code;
  return displayNames.of(code) ?? code;
}
