/** The export formats; kept apart from the renderers so browser code can list them without pulling in PDF/DOCX. */
export const EXPORT_FORMATS = ["txt", "md", "pdf", "docx", "srt", "vtt"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}
