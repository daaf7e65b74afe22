export interface FindOptions {
  matchCase: boolean;
}

export interface Match {
  /** index of the segment */
  position: number;
  start: number;
  end: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function pattern(query: string, options: FindOptions): RegExp {
  return new RegExp(escapeRegExp(query), options.matchCase ? "gu" : "giu");
}

/** Every occurrence of `query` in the segments' texts, in reading order. */
export function findMatches(texts: readonly string[], query: string, options: FindOptions): Match[] {
  if (!query) return [];
  const matches: Match[] = [];
  texts.forEach((text, position) => {
    for (const m of text.matchAll(pattern(query, options))) matches.push({ position, start: m.index, end: m.index + m[0].length });
  });
  return matches;
}

/** The text of one segment with one match replaced. */
export function replaceMatch(text: string, match: Match, replacement: string): string {
  return text.slice(0, match.start) + replacement + text.slice(match.end);
}

/** Changed segments only, each with every occurrence replaced. The replacement is literal text. */
export function replaceAll(
  texts: readonly string[],
  query: string,
  replacement: string,
  options: FindOptions,
): { position: number; text: string }[] {
  if (!query) return [];
  const changes: { position: number; text: string }[] = [];
  texts.forEach((text, position) => {
    const next = text.replace(pattern(query, options), () => replacement);
    if (next !== text) changes.push({ position, text: next });
  });
  return changes;
}
