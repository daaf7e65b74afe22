import type { FeatureKey } from "./features";

/**
 * The one table of what each plan-gated operation needs. The server enforces it
 * (requireOperation in ./feature-refusal) and the editor shows it (lib/editor/capabilities),
 * so the two cannot drift. Pure data: browser code may import it.
 */
export interface OperationGate {
  /** The plan needs any one of these; a refusal offers plans with the first. */
  features: readonly [FeatureKey, ...FeatureKey[]];
  /** Subject of the refusal: "PDF export is not included in your Free plan." */
  what: string;
  /** "… are not included … to use them." */
  plural?: boolean;
  /** Also needs a language model configured on the server (LLM_BASE_URL, LLM_MODEL). */
  needsLlm?: boolean;
  /** An export: the format as plans list it ("Export to TXT, SRT and WebVTT"). */
  format?: string;
}

const GATES = {
  edit_segments: { features: ["in_app_editing"], what: "Editing transcripts" },
  // Plain text and subtitles are the basics every plan has; document formats come with export_markdown_pdf.
  export_txt: { features: ["export_txt"], what: "TXT export", format: "TXT" },
  export_srt: { features: ["export_txt"], what: "SRT subtitle export", format: "SRT" },
  export_vtt: { features: ["export_txt"], what: "WebVTT subtitle export", format: "WebVTT" },
  export_md: { features: ["export_markdown_pdf"], what: "Markdown export", format: "Markdown" },
  export_pdf: { features: ["export_markdown_pdf"], what: "PDF export", format: "PDF" },
  export_docx: { features: ["export_markdown_pdf"], what: "Word (DOCX) export", format: "Word" },
  // Either feature gives basic formatting: it does the cleanup, the paragraphs, or both, as allowed.
  format_basic: { features: ["ai_enhancement", "ai_enhanced_formatting"], what: "AI enhancement" },
  format_advanced: { features: ["advanced_ai_formatting"], what: "Advanced AI formatting", needsLlm: true },
  apply_style: { features: ["custom_transcription_styles"], what: "Custom transcription styles", plural: true, needsLlm: true },
  // Reading and deleting saved styles is never gated: a downgraded user can still clean up.
  save_style: { features: ["custom_transcription_styles"], what: "Custom transcription styles", plural: true },
  // Offered by the dashboard only: an upload does not show whether a tab was recorded.
  record_tab_mic: { features: ["record_tab_mic"], what: "Recording a browser tab with the microphone" },
  live_transcription: { features: ["real_time_transcription"], what: "Live transcription while recording" },
  // Creating a workspace; the workspace's owner pays for it (lib/billing/payer.ts, ./seats.ts).
  team_workspaces: { features: ["team_management"], what: "Team workspaces", plural: true },
} satisfies Record<string, OperationGate>;

export type Operation = keyof typeof GATES;

export const OPERATION_GATES: Readonly<Record<Operation, OperationGate>> = GATES;

/** Whether a plan with these features may do the operation (the LLM aside). */
export function allows(features: ReadonlySet<FeatureKey>, operation: Operation): boolean {
  return OPERATION_GATES[operation].features.some((f) => features.has(f));
}
