/** The most words a search looks up: each is an index look-up, and all of them must match. */
const MAX_WORDS = 20;

/**
 * A word: a letter or digit, then letters, digits and marks (accents and vowel signs that are
 * written as separate characters stay inside their word). Everything else — spaces,
 * punctuation, the operators of PostgreSQL's query syntax (& | ! : ' ( ) * \) — only
 * separates words, so no search text can change the shape of the query built from them.
 */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/**
 * The words of a search, in the order typed: each once (case aside), at most MAX_WORDS
 * (the rest are not looked up). Empty when the text has no letter or digit.
 */
export function searchWords(term: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const [word] of term.normalize("NFC").matchAll(WORD)) {
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(word);
    if (words.length === MAX_WORDS) break;
  }
  return words;
}
