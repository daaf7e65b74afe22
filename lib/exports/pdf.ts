import PDFDocument from "pdfkit";
import type { Block, Run } from "./blocks";
import type { ExportDocument } from "./document";
import { pdfFonts } from "./fonts";

const MARGIN = 56; // ≈ 2 cm
const FOOTER_GAP = 28; // page number sits this far below the text area
const BODY_SIZE = 11;
const HEADING_SIZES = { 1: 18, 2: 15, 3: 13 } as const;
const MUTED = "#6b7280";
const TEXT = "#111111";
const LIST_INDENT = 18;

type Pdf = PDFKit.PDFDocument;

/** Inline runs on one flowing paragraph; pdfkit continues text across `continued` calls. */
function writeRuns(doc: Pdf, runs: Run[], options: PDFKit.Mixins.TextOptions = {}): void {
  runs.forEach((run, i) => {
    doc.font(run.bold ? "bold" : "regular").text(run.text, { ...options, continued: i < runs.length - 1 });
  });
}

function writeBlock(doc: Pdf, block: Block, left: number, width: number): void {
  switch (block.kind) {
    case "segment": {
      const runs: (Run & { color?: string })[] = [];
      if (block.timestamp) runs.push({ text: `[${block.timestamp}] `, bold: false, color: MUTED });
      if (block.speaker) runs.push({ text: `${block.speaker}: `, bold: true });
      runs.push({ text: block.text, bold: false });
      doc.fontSize(BODY_SIZE);
      // Position via doc.x, not text(x, y): passing coordinates (even undefined ones) to
      // a continued text call makes pdfkit start a new line.
      doc.x = left;
      runs.forEach((run, i) => {
        doc
          .fillColor(run.color ?? TEXT)
          .font(run.bold ? "bold" : "regular")
          .text(run.text, { width, continued: i < runs.length - 1 });
      });
      doc.moveDown(0.6);
      break;
    }
    case "heading":
      doc.moveDown(0.4).fontSize(HEADING_SIZES[block.level]).fillColor(TEXT);
      doc.x = left;
      writeRuns(doc, block.runs.map((r) => ({ ...r, bold: true })), { width });
      doc.moveDown(0.3);
      break;
    case "paragraph":
      doc.fontSize(BODY_SIZE).fillColor(TEXT);
      doc.x = left;
      writeRuns(doc, block.runs, { width });
      doc.moveDown(0.6);
      break;
    case "listItem": {
      const indent = left + LIST_INDENT * block.depth;
      const markerWidth = block.marker === "•" ? 12 : 20;
      doc.fontSize(BODY_SIZE).fillColor(TEXT).font("regular");
      // Keep the marker and the first line of text together on one page.
      if (doc.y + doc.currentLineHeight(true) > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const y = doc.y;
      doc.text(block.marker, indent, y, { lineBreak: false });
      doc.x = indent + markerWidth;
      doc.y = y;
      writeRuns(doc, block.runs, { width: width - (indent - left) - markerWidth });
      doc.moveDown(0.25);
      break;
    }
  }
}

/** "Page 2 of 5" centred in the bottom margin of every page. */
function writePageNumbers(doc: Pdf): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(9)
      .fillColor(MUTED)
      .text(`Page ${i + 1} of ${count}`, MARGIN, doc.page.height - bottom + FOOTER_GAP - 9, {
        width: doc.page.width - 2 * MARGIN,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** A4 PDF with embedded Unicode fonts, title, date line, content and page numbers. */
export async function renderPdf(document: ExportDocument): Promise<Uint8Array<ArrayBuffer>> {
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_GAP, left: MARGIN, right: MARGIN },
    bufferPages: true,
    // No default font: pdfkit would load its Helvetica metrics, and a font given here as a
    // path is opened and parsed again on every page break (seconds on a 10-hour transcript).
    // The registered fonts below are parsed once.
    font: "",
    info: { Title: document.title, Creator: "Verbatim" },
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  doc.font("regular");
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;

  doc.font("bold").fontSize(22).fillColor(TEXT).text(document.title, left, MARGIN, { width });
  doc.moveDown(0.2);
  doc.font("regular").fontSize(10).fillColor(MUTED).text(document.metaLine, { width });
  doc.moveDown(1.2);
  for (const block of document.blocks) writeBlock(doc, block, left, width);

  writePageNumbers(doc);
  doc.end();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}
