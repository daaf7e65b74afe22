import { endsSentence } from "../sentences";
import type { Token } from "../tokens";

/** Only all-lowercase words get a capital: "iPhone", "eBay", "e.g.", URLs and numbers are left alone. */
const LOWERCASE_WORD = /^\p{Ll}[\p{Ll}'’-]*$/u;
/** English "i", "i'm", "i've", "i'll", "i'd". */
const PRONOUN_I = /^i(['’](m|ve|ll|d))?$/;

/** Capitalises the first word of each sentence and, in English, the pronoun "i". */
export function sentenceCase(tokens: readonly Token[], english: boolean): Token[] {
  const out = tokens.map((t) => ({ ...t }));
  let atStart = true;
  out.forEach((t, i) => {
    if ((atStart && LOWERCASE_WORD.test(t.core)) || (english && PRONOUN_I.test(t.core))) {
      t.core = t.core.charAt(0).toUpperCase() + t.core.slice(1);
    }
    if (t.core) atStart = endsSentence(t, out[i + 1]);
  });
  return out;
}
