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

/** "en" → "English"; an unknown code is shown as it is. */
export function languageName(code: string | null): string | null {
  return code ? (byCode.get(code) ?? code) : null;
}
