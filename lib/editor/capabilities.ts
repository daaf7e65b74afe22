import { mayUseFeature, type Entitlements } from "@/lib/billing/entitlements";
import { EXPORT_FORMATS, type ExportFormat } from "@/lib/exports/formats";
import { EXPORT_FEATURE } from "./export-access";

/** available; or what is missing: a plan with the feature, or a language model configured by an operator */
export type Availability = "available" | "needs-plan" | "needs-llm";

export interface EditorCapabilities {
  planName: string;
  editing: boolean;
  exports: Record<ExportFormat, boolean>;
  basicFormatting: Availability;
  advancedFormatting: Availability;
  customStyles: Availability;
}

function withLlm(allowed: boolean, llmConfigured: boolean): Availability {
  if (!allowed) return "needs-plan";
  return llmConfigured ? "available" : "needs-llm";
}

/** What the editor offers this user; the server checks the same rules on every call. */
export function editorCapabilities(e: Entitlements, llmConfigured: boolean): EditorCapabilities {
  const exports = Object.fromEntries(EXPORT_FORMATS.map((f) => [f, mayUseFeature(e, EXPORT_FEATURE[f])])) as Record<ExportFormat, boolean>;
  const basic = mayUseFeature(e, "ai_enhancement") || mayUseFeature(e, "ai_enhanced_formatting");
  return {
    planName: e.planName,
    editing: mayUseFeature(e, "in_app_editing"),
    exports,
    basicFormatting: basic ? "available" : "needs-plan",
    advancedFormatting: withLlm(mayUseFeature(e, "advanced_ai_formatting"), llmConfigured),
    customStyles: withLlm(mayUseFeature(e, "custom_transcription_styles"), llmConfigured),
  };
}
