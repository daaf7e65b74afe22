import type { FeatureKey } from "@/lib/billing/features";
import type { ExportFormat } from "@/lib/exports/formats";

/**
 * The plan feature each export needs. Plain text and subtitles are the basics every plan
 * has (export_txt); document formats come with export_markdown_pdf.
 */
export const EXPORT_FEATURE: Record<ExportFormat, FeatureKey> = {
  txt: "export_txt",
  srt: "export_txt",
  vtt: "export_txt",
  md: "export_markdown_pdf",
  pdf: "export_markdown_pdf",
  docx: "export_markdown_pdf",
};

export const EXPORT_LABEL: Record<ExportFormat, string> = {
  txt: "Plain text (.txt)",
  md: "Markdown (.md)",
  pdf: "PDF (.pdf)",
  docx: "Word (.docx)",
  srt: "SRT subtitles (.srt)",
  vtt: "WebVTT subtitles (.vtt)",
};

/** Used in refusals: "PDF export is not included in your Free plan." */
export const EXPORT_NAME: Record<ExportFormat, string> = {
  txt: "TXT export",
  md: "Markdown export",
  pdf: "PDF export",
  docx: "Word (DOCX) export",
  srt: "SRT subtitle export",
  vtt: "WebVTT subtitle export",
};
