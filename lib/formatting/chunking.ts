/**
 * Splits items (prompt lines, in order) into consecutive groups whose total length, one newline
 * per item included, stays within `budget` characters. An item longer than the budget gets a
 * group of its own; callers shorten such items first when that matters. Returns [start, end)
 * index ranges covering every item exactly once.
 */
export function chunkByChars(items: readonly string[], budget: number): { start: number; end: number }[] {
  const chunks: { start: number; end: number }[] = [];
  let start = 0;
  let size = 0;
  items.forEach((item, i) => {
    const cost = item.length + 1;
    if (i > start && size + cost > budget) {
      chunks.push({ start, end: i });
      start = i;
      size = 0;
    }
    size += cost;
  });
  if (items.length) chunks.push({ start, end: items.length });
  return chunks;
}

/** Cuts a text to `max` characters (at a word boundary when one is near), marking the cut with "…". */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(1, max - 1));
  const space = cut.lastIndexOf(" ");
  return `${space > max * 0.8 ? cut.slice(0, space) : cut}…`;
}
