import { paragraphToMarkdown } from "./markdown";
import { cleanupLanguage, cleanupText, endSentence } from "./rules/cleanup";
import { splitAtPauses, splitSentences } from "./sentences";
import { collapseWhitespace } from "./tokens";
import type { FormattedParagraph, SegmentInput } from "./types";

export { SENTENCE_PAUSE_MS } from "./sentences";

/** A silence of at least this long between two segments starts a new paragraph. */
export const PARAGRAPH_PAUSE_MS = 2000;
/** A paragraph longer than this is broken at sentence ends (a single longer sentence stays whole). */
export const MAX_PARAGRAPH_WORDS = 120;

export interface BasicOptions {
  /** Filler words, stutters, spacing, sentence case, sentence ends (plan feature ai_enhancement). */
  cleanup: boolean;
  /** Paragraphs by speaker, pause and length (plan feature ai_enhanced_formatting); otherwise one per segment. */
  paragraphs: boolean;
  /** The transcript's language code ("en", "de"…); the English-only rules run for English or unknown. */
  language?: string | null;
}

interface Unit {
  text: string;
  start_ms: number;
  end_ms: number;
  speaker: string | null;
  segment: number;
}

/** True when no segment has any punctuation: PocketSphinx output, all lowercase words. */
function isUnpunctuated(segments: readonly SegmentInput[]): boolean {
  return !segments.some((s) => /[.!?,;:…。！？、](?=\s|$)/.test(s.text));
}

function toUnits(segments: readonly SegmentInput[], options: BasicOptions): Unit[] {
  const lang = cleanupLanguage(options.language);
  const sentencePerPiece = options.cleanup && isUnpunctuated(segments);
  const units: Unit[] = [];
  segments.forEach((s, segment) => {
    const speaker = s.speaker?.trim() || null;
    if (!collapseWhitespace(s.text)) return;
    if (!sentencePerPiece) {
      units.push({ text: collapseWhitespace(s.text), start_ms: s.start_ms, end_ms: s.end_ms, speaker, segment });
      return;
    }
    // Unpunctuated: every piece between long pauses (or the whole segment) is one sentence.
    for (const piece of splitAtPauses(s)) units.push({ ...piece, text: endSentence(piece.text, lang), speaker, segment });
  });
  return units;
}

/** Breaks a paragraph of more than MAX_PARAGRAPH_WORDS words before the sentence that would overflow it. */
export function splitLongParagraph(text: string, maxWords = MAX_PARAGRAPH_WORDS): string[] {
  const sentences = splitSentences(text);
  if (sentences.reduce((n, s) => n + s.length, 0) <= maxWords) return [collapseWhitespace(text)];
  const paragraphs: string[][] = [];
  let current: string[] = [];
  for (const sentence of sentences) {
    if (current.length && current.length + sentence.length > maxWords) {
      paragraphs.push(current);
      current = [];
    }
    current.push(...sentence);
  }
  if (current.length) paragraphs.push(current);
  return paragraphs.map((words) => words.join(" "));
}

/**
 * The basic-formatted transcript as paragraphs of plain text. A speaker label goes on the first
 * paragraph after a change of speaker (in both modes), so every paragraph without one continues
 * the previous speaker.
 */
export function basicParagraphs(segments: readonly SegmentInput[], options: BasicOptions): FormattedParagraph[] {
  const lang = cleanupLanguage(options.language);
  const groups: { units: Unit[]; speaker: string | null }[] = [];
  let prev: Unit | undefined;
  for (const unit of toUnits(segments, options)) {
    const startsParagraph =
      !prev ||
      (options.paragraphs
        ? unit.speaker !== prev.speaker || unit.start_ms - prev.end_ms >= PARAGRAPH_PAUSE_MS
        : unit.segment !== prev.segment);
    if (startsParagraph) groups.push({ units: [], speaker: unit.speaker });
    groups[groups.length - 1].units.push(unit);
    prev = unit;
  }

  const paragraphs: FormattedParagraph[] = [];
  let lastSpeaker: string | null = null;
  for (const group of groups) {
    const joined = group.units.map((u) => u.text).join(" ");
    const text = options.cleanup ? cleanupText(joined, lang) : collapseWhitespace(joined);
    if (!text) continue; // nothing but fillers
    const label = group.speaker !== null && group.speaker !== lastSpeaker ? group.speaker : null;
    lastSpeaker = group.speaker;
    const parts = options.paragraphs ? splitLongParagraph(text) : [text];
    parts.forEach((part, i) => paragraphs.push({ speaker: i === 0 ? label : null, text: part }));
  }
  return paragraphs;
}

/** The transcript as Markdown paragraphs, made readable by local, deterministic rules. */
export function formatBasic(segments: readonly SegmentInput[], options: BasicOptions): string {
  return basicParagraphs(segments, options).map(paragraphToMarkdown).join("\n\n");
}
