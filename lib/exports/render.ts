import { buildDocument, type ExportOptions, type ExportSource } from "./document";
import { renderDocx } from "./docx";
import { exportFilename } from "./filename";
import { renderMarkdown } from "./markdown";
import { renderPdf } from "./pdf";
import { renderSrt, renderVtt } from "./subtitles";
import type { ExportFormat } from "./formats";
import { renderTxt } from "./txt";

export type { ExportOptions, ExportSource } from "./document";

export { EXPORT_FORMATS, isExportFormat, type ExportFormat } from "./formats";

export interface RenderedExport {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** ASCII only; pair it with contentDisposition() for the title's own characters. */
  filename: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  srt: "application/x-subrip; charset=utf-8",
  vtt: "text/vtt; charset=utf-8",
};

const utf8 = (text: string) => new TextEncoder().encode(text);

async function renderBody(format: ExportFormat, source: ExportSource, options: ExportOptions): Promise<Uint8Array<ArrayBuffer>> {
  // Subtitles need times, so they always come from the raw segments.
  if (format === "srt") return utf8(renderSrt(source.segments));
  if (format === "vtt") return utf8(renderVtt(source.segments));
  const document = buildDocument(source, options);
  switch (format) {
    case "txt":
      return utf8(renderTxt(document));
    case "md":
      return utf8(renderMarkdown(document, options.version === "formatted" ? source.formattedMarkdown : null));
    case "pdf":
      return renderPdf(document);
    case "docx":
      return renderDocx(document);
  }
}

/**
 * The transcript as a downloadable file. Throws a `conflict` DomainError when the
 * formatted version is asked for but does not exist.
 */
export async function renderExport(format: ExportFormat, source: ExportSource, options: ExportOptions): Promise<RenderedExport> {
  const formatted = options.version === "formatted" && format !== "srt" && format !== "vtt";
  return {
    body: await renderBody(format, source, options),
    contentType: CONTENT_TYPES[format],
    filename: exportFilename(source.title, format, formatted),
  };
}
