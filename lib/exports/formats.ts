import type { Operation } from "@/lib/billing/feature-gates";

/** The export formats; kept apart from the renderers so browser code can list them without pulling in PDF/DOCX. */
export const EXPORT_FORMATS = ["txt", "md", "pdf", "docx", "srt", "vtt"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** How the export menu names each format. */
export const EXPORT_LABEL: Record<ExportFormat, string> = {
  txt: "Plain text (.txt)",
  md: "Markdown (.md)",
  pdf: "PDF (.pdf)",
  docx: "Word (.docx)",
  srt: "SRT subtitles (.srt)",
  vtt: "WebVTT subtitles (.vtt)",
};

/** The plan-gated operation of exporting in a format: the compiler checks the gate table has one for every format. */
export const exportOperation = (format: ExportFormat): Operation => `export_${format}`;
