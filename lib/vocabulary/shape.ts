import {
  MAX_FIND_CHARS,
  MAX_REPLACE_CHARS,
  MAX_SOUNDS_LIKE,
  MAX_TERM_CHARS,
  MAX_TERM_WORDS,
  MAX_UPLOAD_TERMS,
} from "@/lib/api/contract/vocabulary";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * What a term, a hint and a rule may look like. A term is written as the user spells it (any
 * script, digits, and the marks names use: ' - . &); a "sounds like" hint is plain words that
 * a dictionary knows, as the term is said ("dash wood" for Dashwood).
 */
const TERM_SHAPE = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’.&-]*(?: [\p{L}\p{M}\p{N}'’.&-]+)*$/u;
const HINT_SHAPE = /^[\p{L}'’]+(?: [\p{L}'’]+)*$/u;
const CONTROL = /[\p{Cc}\p{Cf}]/u;
/**
 * A word to find: transcripts are matched word by word, letters and digits with at most a
 * sentence's punctuation around them, so a symbol ("C++", "&") could never match as written.
 */
const FIND_WORD = /^[.,!?;:'’"“”(]*[\p{L}\p{M}\p{N}](?:.*[\p{L}\p{M}\p{N}])?[.,!?;:'’"“”)]*$/u;

const squeezed = (text: string) => text.normalize("NFC").trim().replace(/\s+/g, " ");

export function checkedTerm(text: string): string {
  const term = squeezed(text);
  if (!term) throw new DomainError("unprocessable", "Enter the word or name.");
  if (term.length > MAX_TERM_CHARS) throw new DomainError("unprocessable", `A term can be at most ${MAX_TERM_CHARS} characters.`);
  if (term.split(" ").length > MAX_TERM_WORDS) throw new DomainError("unprocessable", `A term can be at most ${MAX_TERM_WORDS} words.`);
  if (!TERM_SHAPE.test(term)) {
    throw new DomainError("unprocessable", `"${term}" cannot be a term: use letters, digits, spaces and ' - . & only.`);
  }
  return term;
}

export function checkedHints(hints: readonly string[] | undefined): string[] {
  const list = (hints ?? []).map(squeezed).filter(Boolean);
  if (list.length > MAX_SOUNDS_LIKE) throw new DomainError("unprocessable", `Give at most ${MAX_SOUNDS_LIKE} "sounds like" hints.`);
  for (const hint of list) {
    if (hint.length > MAX_TERM_CHARS * 2 || !HINT_SHAPE.test(hint)) {
      throw new DomainError("unprocessable", `"${hint.slice(0, 40)}" cannot be a "sounds like" hint: write it in plain words, as the term is said.`);
    }
  }
  return [...new Set(list.map((h) => h.toLowerCase()))];
}

export function checkedRule(find: string, replace: string): { find: string; replace: string } {
  const f = squeezed(find);
  const r = squeezed(replace);
  if (!f) throw new DomainError("unprocessable", "Enter the words to find.");
  // Every change shows in the editor on the words it wrote, to be undone there: a rule writes something.
  if (!r) throw new DomainError("unprocessable", "Enter what to write instead.");
  if (f.length > MAX_FIND_CHARS) throw new DomainError("unprocessable", `The words to find can be at most ${MAX_FIND_CHARS} characters.`);
  if (r.length > MAX_REPLACE_CHARS) throw new DomainError("unprocessable", `What to write instead can be at most ${MAX_REPLACE_CHARS} characters.`);
  if (CONTROL.test(f) || CONTROL.test(r)) throw new DomainError("unprocessable", "A rule cannot hold control characters.");
  const symbol = f.split(" ").find((w) => !FIND_WORD.test(w));
  if (symbol !== undefined) {
    throw new DomainError("unprocessable", `“${symbol.slice(0, 40)}” cannot be found in a transcript: each word to find needs letters or digits, with no symbols around them.`);
  }
  if (f.toLowerCase() === r.toLowerCase() && f === r) throw new DomainError("unprocessable", "The rule would write the same words it finds.");
  return { find: f, replace: r };
}

/** Terms given with one upload or recording: each checked as a term, once whatever its case (as first spelt). */
export function checkedUploadTerms(terms: readonly string[] | undefined): string[] {
  const once = new Map<string, string>();
  for (const t of (terms ?? []).map(squeezed).filter(Boolean)) if (!once.has(t.toLowerCase())) once.set(t.toLowerCase(), t);
  if (once.size > MAX_UPLOAD_TERMS) throw new DomainError("unprocessable", `Give at most ${MAX_UPLOAD_TERMS} terms with one upload.`);
  return [...once.values()].map(checkedTerm);
}
