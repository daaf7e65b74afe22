/**
 * Joins lines into a text file: no trailing spaces, no run of more than one blank line,
 * exactly one newline at the end.
 */
export function finishText(text: string): string {
  const lines = text.split("\n").map((line) => line.trimEnd());
  return `${lines.join("\n").replace(/\n{3,}/g, "\n\n").trim()}\n`;
}
