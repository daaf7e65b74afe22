import { STYLE_INSTRUCTIONS_MAX, STYLE_NAME_MAX } from "@/lib/api/contract/transcription";
import { basicParagraphs } from "./basic";
import { chunkByChars, shorten } from "./chunking";
import { FormattingError } from "./errors";
import { chatComplete, type LlmConfig } from "./llm-client";
import { normalizeMarkdown, paragraphToPlain, stripFence } from "./markdown";
import { STYLE_SYSTEM_PROMPT, styleUserPrompt } from "./prompts";
import type { SegmentInput } from "./types";

/**
 * A styled document is about as long as its input, and many models cap their answers at a few
 * thousand tokens, so styles send at most this much transcript per request (less when
 * LLM_MAX_INPUT_CHARS is lower).
 */
const MAX_STYLE_CHUNK_CHARS = 12_000;


export interface StyleOptions {
  signal?: AbortSignal;
  /** The transcript's language code; see BasicOptions.language. */
  language?: string | null;
}

/**
 * The user's style applied by the LLM to the basic-formatted transcript (cleanup + paragraphs),
 * as Markdown in the supported subset. A long transcript is sent in consecutive parts of whole
 * paragraphs (at most MAX_STYLE_CHUNK_CHARS each); every part is styled on its own, told which
 * part it is, and the results are joined in order. "" for a transcript without text.
 * Throws FormattingError when the LLM fails.
 */
export async function applyStyle(
  segments: readonly SegmentInput[],
  style: { name: string; instructions: string },
  config: LlmConfig,
  options: StyleOptions = {},
): Promise<string> {
  const paragraphs = basicParagraphs(segments, { cleanup: true, paragraphs: true, language: options.language }).map(paragraphToPlain);
  if (!paragraphs.length) return "";
  const budget = Math.min(config.maxInputChars, MAX_STYLE_CHUNK_CHARS);
  // Paragraphs are short (MAX_PARAGRAPH_WORDS), so shortening only affects a pathological one-sentence monologue.
  const items = paragraphs.map((p) => shorten(p, budget));
  const chunks = chunkByChars(items, budget);
  const cleanStyle = {
    name: style.name.trim().slice(0, STYLE_NAME_MAX),
    instructions: style.instructions.trim().slice(0, STYLE_INSTRUCTIONS_MAX),
  };

  const outputs: string[] = [];
  for (const [k, c] of chunks.entries()) {
    const part = chunks.length > 1 ? { index: k + 1, count: chunks.length } : undefined;
    const content = await chatComplete(
      config,
      [
        { role: "system", content: STYLE_SYSTEM_PROMPT },
        { role: "user", content: styleUserPrompt(cleanStyle, items.slice(c.start, c.end).join("\n\n"), part) },
      ],
      { signal: options.signal },
    );
    const markdown = normalizeMarkdown(stripFence(content));
    if (!markdown) throw new FormattingError("unusable", "The styled text is empty");
    outputs.push(markdown);
  }
  return outputs.join("\n\n");
}
