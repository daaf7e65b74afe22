import { endsSentence, PERSON_TITLES, TITLE_ABBREVIATIONS } from "../sentences";
import type { Token } from "../tokens";

/** Only all-lowercase words get a capital: "iPhone", "eBay", "e.g.", URLs and numbers are left alone. */
const LOWERCASE_WORD = /^\p{Ll}[\p{Ll}'’-]*$/u;
/** English "i", "i'm", "i've", "i'll", "i'd". */
const PRONOUN_I = /^i(['’](m|ve|ll|d))?$/;
/** English abbreviations written with capitals, by their lowercase form ("e.g.", "a.m." and "vs." stay lowercase). */
const CAPITALISED_ABBREVIATIONS = new Map<string, string>([
  ...[...TITLE_ABBREVIATIONS, "jr", "sr", "inc", "ltd", "corp"].map((a): [string, string] => [a, a.charAt(0).toUpperCase() + a.slice(1)]),
  ...["u.s", "u.k", "u.n", "u.s.a", "e.u"].map((a): [string, string] => [a, a.toUpperCase()]),
]);
/** Words that follow a title without being a name: "Mr. and Mrs. Smith". */
const NOT_A_NAME = new Set(["and", "or", "nor"]);

/** After "Mr.", "Dr.", "Prof."…, a lowercase word is the person's name. */
function followsPersonTitle(previous: Token | undefined, word: string): boolean {
  return previous !== undefined && previous.trail === "." && PERSON_TITLES.has(previous.core.toLowerCase()) && !NOT_A_NAME.has(word);
}

/**
 * Capitalises the first word of each sentence (a period after an abbreviation such as "Mr." or
 * "etc." mid-sentence ends none) and, in English, the pronoun "i", abbreviations such as "Mr.",
 * "St." and "U.S.", and the name after a person's title ("mr. smith" → "Mr. Smith"). Other names
 * are not recognised: "smith" alone stays lowercase.
 */
export function sentenceCase(tokens: readonly Token[], english: boolean): Token[] {
  const out = tokens.map((t) => ({ ...t }));
  let atStart = true;
  out.forEach((t, i) => {
    const abbreviation = english && t.trail.startsWith(".") ? CAPITALISED_ABBREVIATIONS.get(t.core) : undefined;
    if (abbreviation) t.core = abbreviation;
    else if (LOWERCASE_WORD.test(t.core) && (atStart || (english && (PRONOUN_I.test(t.core) || followsPersonTitle(out[i - 1], t.core))))) {
      t.core = t.core.charAt(0).toUpperCase() + t.core.slice(1);
    }
    if (t.core) atStart = endsSentence(t, out[i + 1]);
  });
  return out;
}
