/**
 * How operators type lists in the admin dialogs (spec §5). Pure, so the dialogs and the API
 * apply the same rules.
 */

/** "a, b,,  c " → ["a", "b", "c"]: comma-separated, trimmed, empty items dropped, repeats once. */
export function parseCommaList(text: string): string[] {
  const items = text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  return [...new Set(items)];
}

export function formatCommaList(items: readonly string[]): string {
  return items.join(", ");
}

/**
 * One "code: Name" per line, split at the first colon (names may contain colons); lines
 * lacking a code or a name are ignored. A later line for the same code wins.
 */
export function parseLanguageLines(text: string): Record<string, string> {
  const languages: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const code = line.slice(0, colon).trim();
    const name = line.slice(colon + 1).trim();
    if (code && name) languages[code] = name;
  }
  return languages;
}

export function formatLanguageLines(languages: Readonly<Record<string, string>>): string {
  return Object.entries(languages)
    .map(([code, name]) => `${code}: ${name}`)
    .join("\n");
}
