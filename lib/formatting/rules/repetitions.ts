import type { Token } from "../tokens";

/** Doubled words that are usually meant: "that that", "had had", "is is", "bye bye", "ha ha", "knock knock". */
const INTENTIONAL_DOUBLES = new Set(["that", "had", "is", "bye", "ha", "knock"]);

const PLAIN_WORD = /^[\p{L}'’]+$/u;

/**
 * "the the" → "the", "I I I" → "I": a word immediately repeated with nothing between (no comma,
 * no quote) is a stutter. Numbers and words in INTENTIONAL_DOUBLES are kept.
 */
export function removeRepetitions(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    const prev = out.at(-1);
    if (
      prev &&
      !prev.trail &&
      !t.lead &&
      PLAIN_WORD.test(t.core) &&
      prev.core.toLowerCase() === t.core.toLowerCase() &&
      !INTENTIONAL_DOUBLES.has(t.core.toLowerCase())
    ) {
      prev.trail = t.trail;
      continue;
    }
    out.push({ ...t });
  }
  return out;
}
