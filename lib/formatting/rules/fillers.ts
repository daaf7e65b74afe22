import { endsSentence } from "../sentences";
import { TERMINAL, type Token } from "../tokens";

/**
 * Hesitation sounds, deliberately few: um, umm, uh, uhh, erm, er, ah, ahh, hm, hmm, mm, mmm.
 * Words that are fillers only sometimes ("like", "you know", "so", "well") stay, and so do
 * "mhm" / "uh-huh", which mean yes. English only: "um" and "er" are ordinary German words.
 */
const FILLER_WORD = /^(u+m+|u+h+|e+r+m+|er|a+h+|h+m+|m{2,})$/i;

function isFiller(core: string): boolean {
  return FILLER_WORD.test(core);
}

/**
 * Removes filler tokens and tidies the punctuation around them:
 * - a filler's sentence end moves to the word before it ("going to, um." → "going to.");
 * - a filler set off by commas takes the comma before it along ("I was, um, going" → "I was going"),
 *   except after the first word of a sentence, where the comma is usually meant ("So, um, I" → "So, I").
 */
export function removeFillers(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    if (!isFiller(t.core)) {
      out.push({ ...t });
      continue;
    }
    const prev = out.at(-1);
    if (!prev) continue;
    const terminal = /[.!?…]+/.exec(t.trail)?.[0];
    if (terminal) {
      if (!TERMINAL.test(prev.trail)) prev.trail = prev.trail.replace(/[,;:]+$/, "") + terminal;
    } else if (t.trail.startsWith(",") && prev.trail.endsWith(",")) {
      const beforePrev = out.at(-2);
      const prevStartsSentence = !beforePrev || endsSentence(beforePrev, prev);
      if (!prevStartsSentence) prev.trail = prev.trail.slice(0, -1);
    }
  }
  return out;
}
