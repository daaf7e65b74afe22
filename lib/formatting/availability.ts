import { OPERATION_GATES } from "@/lib/billing/feature-gates";
import type { FeatureKey } from "@/lib/billing/features";
import { llmConfigFromEnv } from "./llm-client";

/** What the gate table says needs a language model: without one configured, this server cannot give these. */
const NEEDS_LANGUAGE_MODEL: readonly FeatureKey[] = Object.values(OPERATION_GATES).flatMap((gate) => (gate.needsLlm ? gate.features : []));

/** The formatting features a plan may list that this server does not give today (none when a language model is configured). */
export function unavailableFormatting(configured = llmConfigFromEnv() !== null): FeatureKey[] {
  return configured ? [] : [...NEEDS_LANGUAGE_MODEL];
}
