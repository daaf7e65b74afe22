import { z } from "zod";
import { basicParagraphs } from "./basic";
import { chunkByChars, shorten } from "./chunking";
import { FormattingError } from "./errors";
import { chatComplete, type LlmConfig } from "./llm-client";
import { parseJsonAnswer, plainLine, plainParagraphs } from "./llm-json";
import { escapeMarkdownText, paragraphToMarkdown, paragraphToPlain } from "./markdown";
import { ANALYSIS_SYSTEM_PROMPT, analysisUserPrompt, COMBINE_SYSTEM_PROMPT, combineUserPrompt, numberedLine } from "./prompts";
import type { FormattedParagraph, SegmentInput } from "./types";

/*
 * The advanced level: the basic rules (cleanup + paragraphs) make the text; the LLM only adds a
 * summary, action items and section headings that point at paragraph numbers (see prompts.ts).
 *
 * Long transcripts: when the numbered paragraphs exceed config.maxInputChars (LLM_MAX_INPUT_CHARS),
 * they are sent in consecutive parts of whole paragraphs, one request each, in order. Each part
 * answers with sections for its own paragraph numbers (numbering stays global) plus a summary and
 * action items for that part; a final request merges the part summaries and action items into the
 * overall ones. If even those don't fit in one request, they are merged in groups, repeatedly.
 * The section headings are therefore chosen per part (a topic that spans two parts may get a
 * heading at the start of each), and the overall summary is a summary of summaries. A single
 * paragraph longer than the budget is shown to the model shortened; the output still has it whole.
 */

export interface AdvancedOptions {
  signal?: AbortSignal;
  /** The transcript's language code; see BasicOptions.language. */
  language?: string | null;
}

const JsonAnswer = z.object({
  summary: z.string(),
  action_items: z.array(z.unknown()).nullish(),
  sections: z.array(z.unknown()).nullish(),
});

const SectionAnswer = z.object({
  heading: z.string(),
  first_paragraph: z.union([z.number(), z.string().regex(/^\s*-?\d+\s*$/).transform(Number)]),
});

interface Section {
  heading: string;
  first: number;
}

interface Analysis {
  summary: string;
  actionItems: string[];
  sections: Section[];
}

interface Part {
  first: number;
  last: number;
  summary: string;
  actionItems: string[];
}

function actionItemsOf(raw: readonly unknown[] | null | undefined): string[] {
  return (raw ?? []).filter((a): a is string => typeof a === "string").map(plainLine).filter(Boolean);
}

/**
 * Keeps the sections that start inside [first, last] at increasing paragraph numbers. A section
 * numbered below the range counts as starting at `first` if it is the first one; non-integer,
 * out-of-range, repeated or decreasing numbers and empty headings are ignored.
 */
export function validSections(raw: readonly unknown[], first: number, last: number): Section[] {
  const sections: Section[] = [];
  for (const item of raw) {
    const parsed = SectionAnswer.safeParse(item);
    if (!parsed.success) continue;
    const heading = plainLine(parsed.data.heading);
    let at = parsed.data.first_paragraph;
    if (!heading || !Number.isInteger(at) || at > last) continue;
    if (at < first) {
      if (sections.length) continue;
      at = first;
    }
    if (sections.length && at <= sections[sections.length - 1].first) continue;
    sections.push({ heading, first: at });
  }
  return sections;
}

async function askJson(config: LlmConfig, system: string, user: string, signal: AbortSignal | undefined) {
  const content = await chatComplete(
    config,
    [
      { role: "system", content: system },
      { role: "user", content: user },
    ],
    { json: true, signal },
  );
  const parsed = JsonAnswer.safeParse(parseJsonAnswer(content));
  if (!parsed.success) throw new FormattingError("unusable", `Unexpected JSON shape: ${parsed.error.issues.map((i) => i.path.join(".") || i.code).join(", ")}`);
  return parsed.data;
}

function renderPart(p: Part): string {
  return combineUserPrompt([p]);
}

/** The overall summary and action items from the parts' (see the comment at the top). */
async function combineParts(config: LlmConfig, parts: readonly Part[], signal: AbortSignal | undefined): Promise<Part> {
  const budget = config.maxInputChars;
  const rendered = parts.map(renderPart);
  const groups = chunkByChars(rendered, budget);
  const whole = { first: parts[0].first, last: parts[parts.length - 1].last };
  if (groups.length === 1 || groups.length === parts.length) {
    // With an absurdly small budget no two parts fit together: shorten each to its share.
    const texts = groups.length === 1 ? rendered : rendered.map((r) => shorten(r, Math.floor(budget / parts.length)));
    const answer = await askJson(config, COMBINE_SYSTEM_PROMPT, texts.join("\n\n"), signal);
    return { ...whole, summary: plainParagraphs(answer.summary).join("\n\n"), actionItems: actionItemsOf(answer.action_items) };
  }
  const merged: Part[] = [];
  for (const g of groups) merged.push(g.end - g.start === 1 ? parts[g.start] : await combineParts(config, parts.slice(g.start, g.end), signal));
  return combineParts(config, merged, signal);
}

async function analyse(paragraphs: readonly FormattedParagraph[], config: LlmConfig, signal: AbortSignal | undefined): Promise<Analysis> {
  const budget = config.maxInputChars;
  const lines = paragraphs.map((p, i) => shorten(numberedLine(i + 1, paragraphToPlain(p)), budget));
  const chunks = chunkByChars(lines, budget);

  if (chunks.length === 1) {
    const answer = await askJson(config, ANALYSIS_SYSTEM_PROMPT, analysisUserPrompt(lines), signal);
    return {
      summary: plainParagraphs(answer.summary).join("\n\n"),
      actionItems: actionItemsOf(answer.action_items),
      sections: validSections(answer.sections ?? [], 1, lines.length),
    };
  }

  const parts: Part[] = [];
  const sections: Section[] = [];
  for (const [k, c] of chunks.entries()) {
    const first = c.start + 1;
    const last = c.end;
    const part = { index: k + 1, count: chunks.length, first, last };
    const answer = await askJson(config, ANALYSIS_SYSTEM_PROMPT, analysisUserPrompt(lines.slice(c.start, c.end), part), signal);
    parts.push({ first, last, summary: plainParagraphs(answer.summary).join(" "), actionItems: actionItemsOf(answer.action_items) });
    sections.push(...validSections(answer.sections ?? [], first, last));
  }
  const overall = await combineParts(config, parts, signal);
  return { summary: overall.summary, actionItems: overall.actionItems, sections };
}

function render(paragraphs: readonly FormattedParagraph[], analysis: Analysis): string {
  const blocks: string[] = [];
  const summary = plainParagraphs(analysis.summary);
  if (summary.length) blocks.push("## Summary", ...summary.map(escapeMarkdownText));
  if (analysis.actionItems.length) blocks.push("## Action items", analysis.actionItems.map((a) => `- ${escapeMarkdownText(a)}`).join("\n"));
  blocks.push("## Transcript");
  const headings = new Map(analysis.sections.map((s) => [s.first, s.heading]));
  paragraphs.forEach((p, i) => {
    const heading = headings.get(i + 1);
    if (heading) blocks.push(`### ${escapeMarkdownText(heading)}`);
    blocks.push(paragraphToMarkdown(p));
  });
  return blocks.join("\n\n");
}

/**
 * Basic formatting (cleanup + paragraphs) plus, from the LLM, a summary, action items and section
 * headings. Markdown: "## Summary", "## Action items" (left out when there are none),
 * "## Transcript" with "### Heading" sections. "" for a transcript without text (no request made).
 * Throws FormattingError when the LLM fails.
 */
export async function formatAdvanced(segments: readonly SegmentInput[], config: LlmConfig, options: AdvancedOptions = {}): Promise<string> {
  const paragraphs = basicParagraphs(segments, { cleanup: true, paragraphs: true, language: options.language });
  if (!paragraphs.length) return "";
  return render(paragraphs, await analyse(paragraphs, config, options.signal));
}
