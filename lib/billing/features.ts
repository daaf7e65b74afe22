/**
 * The spec's feature keys, with the labels the product shows for them. A plan's lines for
 * features behind an operation gate come from the gate table (./plan-feature-lines).
 */
export const FEATURE_LABELS = {
  real_time_transcription: "Live transcription while recording",
  record_tab_mic: "Record browser tab + microphone",
  in_app_editing: "Edit transcripts beside the audio",
  export_txt: "Plain text and subtitle exports",
  ai_enhancement: "AI enhancement (punctuation, paragraphs)",
  ai_enhanced_formatting: "Basic AI formatting",
  export_markdown_pdf: "Document exports",
  priority_transcription_queue: "Priority transcription queue",
  advanced_ai_formatting: "Advanced AI formatting (headings, summary, action items)",
  custom_transcription_styles: "Custom transcription styles",
  priority_support: "Priority support",
  sla_support: "SLA-backed support",
  team_management: "Team management",
  usage_dashboard: "Usage dashboard",
  on_prem_options: "On-premises deployment",
  everything_in_free: "Everything in Free",
  everything_in_pro: "Everything in Pro",
  everything_in_premium: "Everything in Premium",
} as const;

export type FeatureKey = keyof typeof FEATURE_LABELS;

export function isFeatureKey(value: string): value is FeatureKey {
  return Object.hasOwn(FEATURE_LABELS, value);
}

/** `everything_in_pro` → `pro`: the plan whose features this key includes. */
export function inheritedPlanId(key: string): string | null {
  const match = /^everything_in_(\w+)$/.exec(key);
  return match ? match[1] : null;
}
