import type { ApiSegment } from "@/lib/api/contract/transcription";

/**
 * A replacement rule's or a vocabulary term's change, as the editor shows it: the words it
 * wrote (from the marked word, `replaced_words` of them) and what the engine heard there.
 * Undoing it writes the heard words back in the segment's text.
 */
export interface Replacement {
  /** the first written word's place in the segment's words */
  word: number;
  count: number;
  heard: string;
}

/** The segment's replacements still standing: their written words still there, unchanged, in a text that pairs with its words. */
export function replacementsIn(segment: Pick<ApiSegment, "text" | "words">): Replacement[] {
  const words = segment.words ?? [];
  const tokens = segment.text.split(/\s+/).filter(Boolean);
  if (!words.length || tokens.length !== words.length) return [];
  const found: Replacement[] = [];
  words.forEach((w, word) => {
    const count = w.replaced_words ?? 1;
    if (w.replaced_from === undefined || word + count > words.length) return;
    found.push({ word, count, heard: w.replaced_from });
  });
  return found;
}

/** The segment's text with one replacement undone: the heard words where it wrote its own. */
export function textWithout(segment: Pick<ApiSegment, "text">, replacement: Replacement): string {
  const tokens = segment.text.split(/\s+/).filter(Boolean);
  tokens.splice(replacement.word, replacement.count, replacement.heard);
  return tokens.join(" ");
}
