import { FormattingError } from "./errors";

/** Parses the JSON object in a model's answer, tolerating a code fence or a sentence around it. */
export function parseJsonAnswer(content: string): unknown {
  const unfenced = content.replace(/^\s*```(?:json)?\s*\n?([\s\S]*?)\n?```\s*$/i, "$1").trim();
  try {
    return JSON.parse(unfenced);
  } catch {
    const first = unfenced.indexOf("{");
    const last = unfenced.lastIndexOf("}");
    if (first >= 0 && last > first) {
      try {
        return JSON.parse(unfenced.slice(first, last + 1));
      } catch {
        // fall through
      }
    }
    throw new FormattingError("unusable", "The answer is not JSON");
  }
}

/**
 * Model-written text reduced to one line of plain text: no Markdown decoration (heading marks,
 * bullets, numbering, bold/italic markers), whitespace collapsed.
 */
export function plainLine(text: string): string {
  return text
    .replace(/\*\*|__/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(#+\s*|[-*+•]\s+|\d+[.)]\s+)/, "")
    .trim();
}

/** Model-written prose as plain-text paragraphs (split at blank lines). */
export function plainParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map(plainLine)
    .filter(Boolean);
}
