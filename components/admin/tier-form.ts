/** The language tier textarea (spec §5: one 'code: Name' per line) and what saving it would keep. */
import { parseLanguageLines } from "@/lib/api/contract/list-text";
import { plural } from "./format";

export interface LanguageLinesSummary {
  languages: Record<string, string>;
  count: number;
  /** non-blank lines that give no language (no colon, no code or no name) */
  ignored: number;
}

export function summariseLanguageLines(text: string): LanguageLinesSummary {
  const languages = parseLanguageLines(text);
  const ignored = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "" && Object.keys(parseLanguageLines(line)).length === 0).length;
  return { languages, count: Object.keys(languages).length, ignored };
}

/** "33 languages will be saved; 2 lines ignored" */
export function languageLinesText(summary: LanguageLinesSummary): string {
  return `${plural(summary.count, "language")} will be saved; ${plural(summary.ignored, "line")} ignored`;
}
