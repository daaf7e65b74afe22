import { allows, OPERATION_GATES, type Operation } from "@/lib/billing/feature-gates";
import type { FeatureKey } from "@/lib/billing/features";
import { EXPORT_FORMATS, exportOperation, type ExportFormat } from "@/lib/exports/formats";

/**
 * What customers read when the server has no language model, in the editor and from the API.
 * Configuration names are for operators: the admin panel and /api/health give them the setup hint.
 */
export const NO_AI_FORMATTING = "AI formatting is not available on this server.";

/** available; or what is missing: a plan with the feature, or a language model configured by an operator */
export type Availability = "available" | "needs-plan" | "needs-llm";

export interface EditorCapabilities {
  planName: string;
  editing: boolean;
  /** a viewer of the transcript's workspace: reads, listens and exports, changes nothing */
  viewer: boolean;
  exports: Record<ExportFormat, boolean>;
  basicFormatting: Availability;
  advancedFormatting: Availability;
  customStyles: Availability;
}

interface Plan {
  planName: string;
  features: ReadonlySet<FeatureKey>;
}

function availability(plan: Plan, operation: Operation, llmConfigured: boolean): Availability {
  if (!allows(plan.features, operation)) return "needs-plan";
  return OPERATION_GATES[operation].needsLlm && !llmConfigured ? "needs-llm" : "available";
}

/**
 * What the editor offers this plan, read from the same gate table the server enforces on every
 * call; a workspace's viewer gets its exports only.
 */
export function editorCapabilities(plan: Plan, llmConfigured: boolean, viewer = false): EditorCapabilities {
  const exports = Object.fromEntries(EXPORT_FORMATS.map((f) => [f, allows(plan.features, exportOperation(f))])) as Record<ExportFormat, boolean>;
  return {
    planName: plan.planName,
    editing: !viewer && allows(plan.features, "edit_segments"),
    viewer,
    exports,
    basicFormatting: availability(plan, "format_basic", llmConfigured),
    advancedFormatting: availability(plan, "format_advanced", llmConfigured),
    customStyles: availability(plan, "apply_style", llmConfigured),
  };
}
