import { isAbbreviation } from "../sentences";
import { joinTokens, tokenize, type Token } from "../tokens";
import { removeFillers } from "./fillers";
import { ensureTerminal, tidyTrail } from "./punctuation";
import { removeRepetitions } from "./repetitions";
import { sentenceCase } from "./sentence-case";

export interface CleanupLanguage {
  /** Filler words, stutters and the pronoun "I" are English rules; unknown languages count as English. */
  english: boolean;
  /** French keeps its space before ? ! : ; */
  french: boolean;
  /** Chinese and Japanese end sentences with "。". */
  cjk: boolean;
}

export function cleanupLanguage(language: string | null | undefined): CleanupLanguage {
  const code = (language ?? "").trim().toLowerCase().slice(0, 2);
  return { english: code === "" || code === "en", french: code === "fr", cjk: code === "zh" || code === "ja" };
}

/**
 * The cleanup rules, in order: spaces before punctuation, filler words, stutters, punctuation
 * leftovers, sentence case, and a final sentence end.
 */
export function cleanupText(text: string, lang: CleanupLanguage): string {
  let tokens = tokenize(text, lang.french ? "?!:;" : "");
  if (lang.english) tokens = removeRepetitions(removeFillers(tokens));
  tokens = tokens.map((t) => ({ ...t, trail: tidiedTrail(t) }));
  tokens = sentenceCase(tokens, lang.english);
  tokens = ensureTerminal(tokens, lang.cjk ? "。" : ".");
  return joinTokens(tokens);
}

/** An abbreviation's period is part of the word: the comma after it stays ("e.g., apples"). */
function tidiedTrail(t: Token): string {
  if (t.trail.startsWith(".") && !t.trail.startsWith("..") && isAbbreviation(t.core)) return "." + tidyTrail(t.trail.slice(1));
  return tidyTrail(t.trail);
}

/** Only the final sentence end, for the pieces of an unpunctuated transcript. */
export function endSentence(text: string, lang: CleanupLanguage): string {
  return joinTokens(ensureTerminal(tokenize(text), lang.cjk ? "。" : "."));
}
