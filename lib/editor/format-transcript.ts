import { and, eq } from "drizzle-orm";
import type { FormatRequest } from "@/lib/api/contract/transcriptions-input";
import { entitlementsFor, mayUseFeature } from "@/lib/billing/entitlements";
import { requireOperation } from "@/lib/billing/feature-refusal";
import type { Database } from "@/lib/db/client";
import { transcriptions, type FormatLevel, type Transcription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { formatAdvanced } from "@/lib/formatting/advanced";
import { formatBasic } from "@/lib/formatting/basic";
import { applyStyle } from "@/lib/formatting/custom-style";
import type { LlmConfig } from "@/lib/formatting/llm-client";
import { segmentsOf, toApiSegment, TRANSCRIPTION_NOT_FOUND } from "@/lib/transcription/queries";
import { holdFormatting, releaseFormatting } from "./formatting-lock";
import { ownedStyle } from "./styles";


export const NO_LLM_MESSAGE =
  "This needs a language model, and none is configured on this server. An operator sets LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY) to enable it.";

function requireLlm(llm: LlmConfig | null): LlmConfig {
  if (!llm) throw new DomainError("unavailable", NO_LLM_MESSAGE);
  return llm;
}

interface Produced {
  markdown: string;
  styleName: string | null;
}

async function produce(database: Database, userId: string, t: Transcription, request: FormatRequest, llm: LlmConfig | null): Promise<Produced> {
  const e = await entitlementsFor(database, userId);
  const segments = (await segmentsOf(database, t.id)).map(toApiSegment);
  // Filler and stutter rules are English-only ("die die" is good German); the rules need the language.
  const language = t.detectedLanguage ?? t.language ?? undefined;
  if (!segments.some((s) => s.text.trim())) throw new DomainError("conflict", "There is no speech in this transcript to format.");
  if (request.level === "basic") {
    await requireOperation(database, e, "format_basic");
    const options = { cleanup: mayUseFeature(e, "ai_enhancement"), paragraphs: mayUseFeature(e, "ai_enhanced_formatting"), language };
    return { markdown: formatBasic(segments, options), styleName: null };
  }
  if (request.level === "advanced") {
    await requireOperation(database, e, "format_advanced");
    const config = requireLlm(llm);
    return { markdown: await formatAdvanced(segments, config, { language }), styleName: null };
  }
  await requireOperation(database, e, "apply_style");
  const style = await ownedStyle(database, userId, request.style_id ?? "");
  const config = requireLlm(llm);
  return { markdown: await applyStyle(segments, style, config, { language }), styleName: style.name };
}

/**
 * Makes the formatted version and stores it beside the raw segments, which stay untouched.
 * It records which version of the segments it was made from, so later edits show it as outdated.
 * Refusals and failures of the language model (FormattingError) are DomainErrors.
 */
export async function formatTranscript(
  database: Database,
  userId: string,
  t: Transcription,
  request: FormatRequest,
  llm: LlmConfig | null,
): Promise<Transcription> {
  if (t.status !== "done") throw new DomainError("conflict", "This transcription is not finished yet, so it cannot be formatted.");
  // One formatting per user at a time, across hosts: a language-model call can take a minute and costs money.
  if (!(await holdFormatting(database, userId))) {
    throw new DomainError("rate_limited", "You are already formatting a transcript. Wait until it finishes.");
  }
  try {
    const result = await produce(database, userId, t, request, llm);
    const [saved] = await database
      .update(transcriptions)
      .set({
        formattedMarkdown: result.markdown,
        formattedLevel: request.level as FormatLevel,
        formattedStyleName: result.styleName,
        formattedFromVersion: t.version,
        formattedAt: new Date(),
      })
      .where(and(eq(transcriptions.id, t.id), eq(transcriptions.userId, userId)))
      .returning();
    if (!saved) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
    return saved;
  } finally {
    await releaseFormatting(database, userId);
  }
}
