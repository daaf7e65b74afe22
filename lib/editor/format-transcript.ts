import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { entitlementsFor, mayUseFeature } from "@/lib/billing/entitlements";
import { featureRefusal } from "@/lib/billing/feature-gate";
import type { Database } from "@/lib/db/client";
import { transcriptions, type FormatLevel, type Transcription } from "@/lib/db/schema";
import { formatAdvanced } from "@/lib/formatting/advanced";
import { formatBasic } from "@/lib/formatting/basic";
import { applyStyle } from "@/lib/formatting/custom-style";
import { FormattingError, type LlmConfig } from "@/lib/formatting/llm-client";
import { errorResponse } from "@/lib/http/responses";
import { segmentsOf, toApiSegment } from "@/lib/transcription/queries";
import { findStyle } from "./styles";

export const FormatRequest = z
  .object({
    level: z.enum(["basic", "advanced", "style"], { error: 'Choose a level: "basic", "advanced" or "style".' }),
    style_id: z.string().optional(),
  })
  .refine((r) => r.level !== "style" || Boolean(r.style_id), { message: "Choose the style to apply (style_id).", path: ["style_id"] });
export type FormatRequest = z.infer<typeof FormatRequest>;

export const NO_LLM_MESSAGE =
  "This needs a language model, and none is configured on this server. An operator sets LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY) to enable it.";

export type FormatOutcome = { ok: true; transcription: Transcription } | { ok: false; response: Response };

// One formatting per user at a time in this process: an LLM call can take a minute and costs money.
const running = new Set<string>();

type Produce = { ok: true; markdown: string; styleName: string | null } | { ok: false; response: Response };

async function produce(database: Database, userId: string, t: Transcription, request: FormatRequest, llm: LlmConfig | null): Promise<Produce> {
  const e = await entitlementsFor(database, userId);
  const segments = (await segmentsOf(database, t.id)).map(toApiSegment);
  // Filler and stutter rules are English-only ("die die" is good German); the rules need the language.
  const language = t.detectedLanguage ?? t.language ?? undefined;
  if (!segments.some((s) => s.text.trim())) {
    return { ok: false, response: errorResponse(409, "There is no speech in this transcript to format.") };
  }
  if (request.level === "basic") {
    const cleanup = mayUseFeature(e, "ai_enhancement");
    const paragraphs = mayUseFeature(e, "ai_enhanced_formatting");
    if (!cleanup && !paragraphs) return { ok: false, response: (await featureRefusal(database, e, "ai_enhancement", "AI enhancement"))! };
    return { ok: true, markdown: formatBasic(segments, { cleanup, paragraphs, language }), styleName: null };
  }
  const feature = request.level === "advanced" ? "advanced_ai_formatting" : "custom_transcription_styles";
  const refusal =
    request.level === "advanced"
      ? await featureRefusal(database, e, feature, "Advanced AI formatting")
      : await featureRefusal(database, e, feature, "Custom transcription styles", true);
  if (refusal) return { ok: false, response: refusal };
  if (request.level === "advanced") {
    if (!llm) return { ok: false, response: errorResponse(503, NO_LLM_MESSAGE) };
    return { ok: true, markdown: await formatAdvanced(segments, llm, { language }), styleName: null };
  }
  const style = await findStyle(database, userId, request.style_id ?? "");
  if (!style) return { ok: false, response: errorResponse(404, "This style does not exist.") };
  if (!llm) return { ok: false, response: errorResponse(503, NO_LLM_MESSAGE) };
  return { ok: true, markdown: await applyStyle(segments, style, llm, { language }), styleName: style.name };
}

/**
 * Makes the formatted version and stores it beside the raw segments, which stay untouched.
 * It records which version of the segments it was made from, so later edits show it as outdated.
 */
export async function formatTranscript(
  database: Database,
  userId: string,
  t: Transcription,
  request: FormatRequest,
  llm: LlmConfig | null,
): Promise<FormatOutcome> {
  if (t.status !== "done") return { ok: false, response: errorResponse(409, "This transcription is not finished yet, so it cannot be formatted.") };
  if (running.has(userId)) return { ok: false, response: errorResponse(429, "You are already formatting a transcript. Wait until it finishes.") };
  running.add(userId);
  try {
    const result = await produce(database, userId, t, request, llm);
    if (!result.ok) return result;
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
    if (!saved) return { ok: false, response: errorResponse(404, "This transcription does not exist.") };
    return { ok: true, transcription: saved };
  } catch (error) {
    if (error instanceof FormattingError) return { ok: false, response: errorResponse(error.status, error.message) };
    throw error;
  } finally {
    running.delete(userId);
  }
}
