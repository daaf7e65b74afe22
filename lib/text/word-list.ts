/** "TXT, SRT and WebVTT": items joined as a sentence lists them (no serial comma, as the product's copy). */
export function inWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
