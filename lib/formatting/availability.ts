import type { FeatureKey } from "@/lib/billing/features";
import { llmConfigFromEnv } from "./llm-client";

/** What formatting needs a language model for: without one configured, this server cannot give these. */
const NEEDS_LANGUAGE_MODEL: readonly FeatureKey[] = ["advanced_ai_formatting", "custom_transcription_styles"];

/** The formatting features a plan may list that this server does not give today (none when a language model is configured). */
export function unavailableFormatting(configured = llmConfigFromEnv() !== null): FeatureKey[] {
  return configured ? [] : [...NEEDS_LANGUAGE_MODEL];
}
