import type { ReplacementRule, VocabularyTerm, WordTiming } from "@/lib/db/schema";
import { wordKey } from "./word-alignment";

/**
 * A transcript written the user's way after recognition: their replacement rules (a misheard
 * phrase → the right one, a spelling → the house style) and their vocabulary's "sounds like"
 * hints (the hint heard → the term as they spell it), whole words in any case. Each change
 * marks its first word with what the engine heard, so the editor can show it and undo it.
 */

export interface CompiledRule {
  /** the words to find, as comparison keys */
  find: string[];
  /** the words to write */
  write: string[];
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * Whether a term's own spelling is worth writing over the same words in another case: a name
 * of several words ("new york" → "New York") or one cased inside ("iphone" → "iPhone"). A
 * single word that is only capitalised or in capitals ("Will", "Mark", "US") is also an
 * everyday word, and every "will" or "us" would be rewritten.
 */
function distinctiveSpelling(term: string): boolean {
  return wordsOf(term).length > 1 || (/\p{Ll}/u.test(term) && /.\p{Lu}/u.test(term));
}

/** Rules first, then each hint and the term's own words in another case; the longest find wins where two match. */
export function compileRules(rules: readonly ReplacementRule[], vocabulary: readonly VocabularyTerm[]): CompiledRule[] {
  const compiled: CompiledRule[] = [];
  const seen = new Set<string>();
  const add = (find: string, write: string) => {
    const keys = wordsOf(find).map(wordKey).filter(Boolean);
    const id = keys.join(" ");
    if (!keys.length || seen.has(id)) return;
    seen.add(id);
    compiled.push({ find: keys, write: wordsOf(write) });
  };
  for (const r of rules) add(r.find, r.replace);
  for (const v of vocabulary) {
    for (const hint of v.sounds_like) add(hint, v.term);
    if (distinctiveSpelling(v.term)) add(v.term, v.term);
  }
  return compiled.sort((a, b) => b.find.length - a.find.length);
}

const LEADING = /^[^\p{L}\p{N}]+/u;
const TRAILING = /[^\p{L}\p{N}]+$/u;

/** The written words with the heard phrase's outer punctuation ("guess what," → "Dashwood,"). */
function written(heard: WordTiming[], write: string[]): string[] {
  const before = heard[0].word.match(LEADING)?.[0] ?? "";
  const after = heard[heard.length - 1].word.match(TRAILING)?.[0] ?? "";
  return write.map((w, i) => `${i === 0 ? before : ""}${w}${i === write.length - 1 ? after : ""}`);
}

/** The heard span's time shared among the written words by their length. */
function timedOver(heard: readonly WordTiming[], words: readonly string[]): WordTiming[] {
  const start = heard[0].start_ms;
  const span = heard[heard.length - 1].end_ms - start;
  const total = words.reduce((n, w) => n + w.length, 0) || 1;
  let at = start;
  return words.map((word, i) => {
    const end = i === words.length - 1 ? start + span : Math.round(at + (span * word.length) / total);
    const w: WordTiming = { word, start_ms: Math.round(at), end_ms: end };
    at = end;
    return w;
  });
}

/**
 * The words written over the heard ones, the first marked with what was heard (for the editor
 * to show and undo). They keep the least confidence the engine had in the heard words, so a
 * term written where it was unsure is still offered for review.
 */
export function replacing(heard: readonly WordTiming[], write: readonly string[]): WordTiming[] {
  const confidences = heard.flatMap((w) => (typeof w.confidence === "number" ? [w.confidence] : []));
  const confidence = confidences.length ? Math.min(...confidences) : undefined;
  const made = timedOver(heard, write).map((w) => (confidence === undefined ? w : { ...w, confidence }));
  made[0] = { ...made[0], replaced_from: heard.map((w) => w.word).join(" "), replaced_words: made.length };
  return made;
}

/**
 * The words with every rule applied, or null when none changed anything. Rules are looked up
 * by their first word: a 10-hour transcript against the most a space may hold (about 1,000
 * finds with the hints) took 1.9 s trying each rule at each word.
 */
export function applyRules(words: readonly WordTiming[], rules: readonly CompiledRule[]): WordTiming[] | null {
  if (!rules.length) return null;
  const byFirstWord = new Map<string, CompiledRule[]>();
  // Longest first within each list, as compileRules sorted them.
  for (const r of rules) byFirstWord.set(r.find[0], [...(byFirstWord.get(r.find[0]) ?? []), r]);
  const keys = words.map((w) => wordKey(w.word));
  const out: WordTiming[] = [];
  let changed = false;
  let i = 0;
  while (i < words.length) {
    // What a rule wrote is not rewritten: a live text kept in the transcript was written once already.
    const wrote = words[i].replaced_from === undefined ? 0 : Math.max(1, words[i].replaced_words ?? 1);
    if (wrote) {
      out.push(...words.slice(i, i + wrote));
      i += wrote;
      continue;
    }
    const rule = byFirstWord.get(keys[i])?.find((r) => r.find.every((k, j) => keys[i + j] === k && words[i + j].replaced_from === undefined));
    if (!rule) {
      out.push(words[i++]);
      continue;
    }
    const heard = words.slice(i, i + rule.find.length);
    const write = written(heard, rule.write);
    i += heard.length;
    if (write.join(" ") === heard.map((w) => w.word).join(" ")) {
      out.push(...heard);
      continue;
    }
    out.push(...replacing(heard, write));
    changed = true;
  }
  return changed ? out : null;
}

/**
 * A segment written the user's way, by its words, when they are its text's words one for one.
 * A text without such words is left as the engine wrote it: a change there could be neither
 * shown nor undone, and would be made again on the next pass.
 */
export function rewriteSegment(
  segment: { text: string; words: WordTiming[] | null },
  rules: readonly CompiledRule[],
): { text: string; words: WordTiming[] } | null {
  const tokens = wordsOf(segment.text);
  if (!segment.words || segment.words.length !== tokens.length || !segment.words.every((w, i) => w.word === tokens[i])) return null;
  const words = applyRules(segment.words, rules);
  return words ? { text: words.map((w) => w.word).join(" "), words } : null;
}
