import type { WordTiming } from "@/lib/db/schema";
import { collapseWhitespace, hasTerminal, splitToken, terminalInsideCloser, type Token } from "./tokens";

/** A silence longer than this between two words of an unpunctuated segment ends a sentence. */
export const SENTENCE_PAUSE_MS = 700;

/** A person's titles, followed by a name: "Mr. Smith", "Dr. Jones". */
export const PERSON_TITLES = new Set(["mr", "mrs", "ms", "mx", "dr", "prof", "rev", "capt", "sgt", "lt", "gov", "sen"]);
/** Titles (a person's, a saint's, a mountain's) are followed by a name, never by the end of a sentence. */
export const TITLE_ABBREVIATIONS = new Set([...PERSON_TITLES, "st", "mt"]);
/** Abbreviations that never end a sentence either: "apples vs. pears", "cf. chapter 2". */
const MID_SENTENCE_ABBREVIATIONS = new Set(["vs", "cf", "approx", "dept", "fig"]);
/**
 * Abbreviations that end a sentence only before a capital (or at the end): "apples, pears, etc. are
 * fruit" goes on, "and so on, etc. Then we left." does not; the same for "John Smith Jr." and "Acme Inc.".
 */
const MAYBE_FINAL_ABBREVIATIONS = new Set(["etc", "jr", "sr", "inc", "ltd", "corp", "al"]);

/** "U.S", "e.g", "i.e", "a.m": letters with dots between them. */
const DOTTED_ACRONYM = /^(\p{L}\.)+\p{L}$/u;
/** An initial, as in "John F. Kennedy". */
const INITIAL = /^\p{Lu}$/u;

/** A word written with a period that is not a sentence end of its own: "Mr", "etc", "e.g", "U.S". */
export function isAbbreviation(core: string): boolean {
  const word = core.toLowerCase();
  return TITLE_ABBREVIATIONS.has(word) || MID_SENTENCE_ABBREVIATIONS.has(word) || MAYBE_FINAL_ABBREVIATIONS.has(word) || DOTTED_ACRONYM.test(core);
}

function startsLowercase(t: Token | undefined): boolean {
  return t !== undefined && /^\p{Ll}/u.test(t.core);
}

/**
 * Whether `token` ends a sentence, given the token after it. A period after a title ("Dr."), an
 * abbreviation such as "vs." or an initial never does; after a dotted acronym ("U.S.", "e.g."), an
 * abbreviation such as "etc." or an ellipsis, or inside closing quotes (`"why?" he asked`), only
 * when the next word does not start with a lowercase letter. Any other
 * terminal mark does, even before a lowercase word ("it. so" is a sentence whose next word needs
 * a capital).
 */
export function endsSentence(token: Token, next: Token | undefined): boolean {
  if (!hasTerminal(token.trail)) return false;
  const period = token.trail.startsWith(".");
  if (period && !token.trail.startsWith("..")) {
    const word = token.core.toLowerCase();
    if (TITLE_ABBREVIATIONS.has(word) || MID_SENTENCE_ABBREVIATIONS.has(word)) return false;
    if (INITIAL.test(token.core) && next && /^\p{Lu}/u.test(next.core)) return false;
    if (DOTTED_ACRONYM.test(token.core) || MAYBE_FINAL_ABBREVIATIONS.has(word)) return !startsLowercase(next) && !/^\p{N}/u.test(next?.core ?? "");
  }
  if (/(\.\.\.|…)$/.test(token.trail) || terminalInsideCloser(token.trail)) return !startsLowercase(next);
  return true;
}

/** The sentences of a (whitespace-collapsed) text, each as its whitespace tokens. */
export function splitSentences(text: string): string[][] {
  const raw = collapseWhitespace(text).split(" ").filter(Boolean);
  const tokens = raw.map(splitToken);
  const sentences: string[][] = [];
  let current: string[] = [];
  raw.forEach((word, i) => {
    current.push(word);
    if (endsSentence(tokens[i], tokens[i + 1])) {
      sentences.push(current);
      current = [];
    }
  });
  if (current.length) sentences.push(current);
  return sentences;
}

export interface TimedPiece {
  text: string;
  start_ms: number;
  end_ms: number;
}

const normalizeWord = (s: string) =>
  s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[^\p{L}\p{N}']/gu, "");

/**
 * Splits an unpunctuated segment where its words are separated by more than `pauseMs` of silence.
 * The text is the truth (it may have been edited), so its tokens are matched to the timed words in
 * order, skipping at most a few words; a pause only counts between two tokens that both matched.
 * Without word timings the segment stays one piece.
 */
export function splitAtPauses(
  segment: { text: string; start_ms: number; end_ms: number; words: readonly WordTiming[] | null },
  pauseMs = SENTENCE_PAUSE_MS,
): TimedPiece[] {
  const tokens = collapseWhitespace(segment.text).split(" ").filter(Boolean);
  const words = segment.words ?? [];
  if (!tokens.length) return [];
  if (!words.length) return [{ text: tokens.join(" "), start_ms: segment.start_ms, end_ms: segment.end_ms }];

  const LOOKAHEAD = 3;
  const matched: (WordTiming | undefined)[] = [];
  let next = 0;
  for (const token of tokens) {
    const wanted = normalizeWord(token);
    let found: number | undefined;
    for (let k = next; k < Math.min(words.length, next + LOOKAHEAD); k++) {
      if (normalizeWord(words[k].word) === wanted) {
        found = k;
        break;
      }
    }
    matched.push(found === undefined ? undefined : words[found]);
    if (found !== undefined) next = found + 1;
  }

  const pieces: TimedPiece[] = [];
  let startIndex = 0;
  let pieceStart = segment.start_ms;
  for (let i = 0; i < tokens.length; i++) {
    const here = matched[i];
    const after = matched[i + 1];
    const last = i === tokens.length - 1;
    const pause = here && after && after.start_ms - here.end_ms > pauseMs;
    if (last || pause) {
      pieces.push({ text: tokens.slice(startIndex, i + 1).join(" "), start_ms: pieceStart, end_ms: !last && here ? here.end_ms : segment.end_ms });
      startIndex = i + 1;
      pieceStart = after?.start_ms ?? segment.end_ms;
    }
  }
  return pieces;
}
