import { createRequire } from "node:module";
import path from "node:path";
import mammoth from "mammoth";
import { PDFParse } from "pdf-parse";
import { EXPORT_FORMATS, renderExport, type ExportOptions } from "./render";
import { source } from "@/test/support/export-source";

const RAW: ExportOptions = { timestamps: true, version: "raw", timeZone: "UTC" };
const DATE_LINE = "21 November 2026, 14:05 · Duration 1:20 · English";

async function pdfText(body: Uint8Array): Promise<{ text: string; pages: number; title: unknown }> {
  const parser = new PDFParse({ data: body });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    return { text: text.text, pages: text.total, title: info.info?.Title };
  } finally {
    await parser.destroy();
  }
}

/** Extracted PDF text breaks lines where the layout wrapped them; compare word sequences. */
const words = (text: string) => text.replace(/\s+/g, " ");

async function docxText(body: Uint8Array): Promise<string> {
  return (await mammoth.extractRawText({ buffer: Buffer.from(body) })).value;
}

const GREEK_HEBREW = "Καλημέρα שלום Ærøskøbing";

describe("PDF", () => {
  test("raw: title, date line, segments with Cyrillic, Greek and Hebrew, document title, page numbers", async () => {
    const segments = [...source().segments, { start_ms: 81_000, end_ms: 82_000, text: GREEK_HEBREW, words: null, confidence: null, speaker: null }];
    const out = await renderExport("pdf", source({ title: "Встреча — weekly", segments }), RAW);
    expect(Buffer.from(out.body.subarray(0, 5)).toString()).toBe("%PDF-");
    const { text, title } = await pdfText(out.body);
    expect(title).toBe("Встреча — weekly");
    expect(words(text)).toContain("Встреча — weekly");
    expect(words(text)).toContain(DATE_LINE);
    // One line: the bold speaker flows on with the segment text.
    expect(text).toContain("[00:00] Alice: Good morning, everyone.");
    expect(words(text)).toContain("[00:16] Is a < b & c > d? Привет!");
    expect(words(text)).toContain("Καλημέρα");
    expect(words(text)).toContain("Ærøskøbing");
    expect(text).toMatch(/[שלום]{4}|[םולש]{4}/); // Hebrew glyphs present (pdfkit draws no bidi reordering)
    expect(words(text)).toContain("Page 1 of 1");
  });

  test("formatted: headings, paragraphs and bullets", async () => {
    const { text } = await pdfText((await renderExport("pdf", source(), { ...RAW, version: "formatted" })).body);
    for (const expected of ["Weekly meeting", "Alice opened the meeting. Numbers were reviewed.", "Action items", "• Hire two engineers", "Привет", "Closing words."]) {
      expect(words(text)).toContain(expected);
    }
    expect(text).not.toContain("**");
    expect(text).not.toContain("[00:00]");
  });

  test("long transcripts flow onto numbered pages", async () => {
    const segments = Array.from({ length: 120 }, (_, i) => ({
      start_ms: i * 10_000,
      end_ms: i * 10_000 + 9000,
      text: `Segment number ${i} says something long enough to wrap onto a second line of the page, more or less.`,
      words: null,
      confidence: null,
      speaker: i % 2 ? "Alice" : null,
    }));
    const { body } = await renderExport("pdf", source({ segments }), RAW);
    // Read before pdfText, which hands the bytes to its worker.
    const raw = Buffer.from(body).toString("latin1");
    const { text, pages } = await pdfText(body);
    expect(pages).toBeGreaterThan(2);
    // Only the embedded fonts, each once, however many pages: no built-in Helvetica.
    expect(raw).toContain("DejaVuSans");
    expect(raw).not.toContain("Helvetica");
    expect(raw.match(/\/FontFile2/g)).toHaveLength(2);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(words(text)).toContain("Segment number 119 says");
  });

  test("PDF_FONT_PATH chooses the font file; a missing one is a clear error", async () => {
    const fromApp = createRequire(path.join(process.cwd(), "package.json"));
    const saved = { ...process.env };
    try {
      process.env.PDF_FONT_PATH = fromApp.resolve("dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf");
      const { text } = await pdfText((await renderExport("pdf", source(), RAW)).body);
      expect(text).toContain("Привет");
      process.env.PDF_FONT_PATH = "/nonexistent/font.ttf";
      await expect(renderExport("pdf", source(), RAW)).rejects.toThrow("PDF font not found: /nonexistent/font.ttf");
    } finally {
      process.env = saved;
    }
  });
});

describe("DOCX", () => {
  test("raw: title, date line, segments with timestamps and speakers", async () => {
    const out = await renderExport("docx", source(), RAW);
    expect(Buffer.from(out.body.subarray(0, 2)).toString()).toBe("PK");
    const text = await docxText(out.body);
    expect(text).toContain("Weekly Meeting");
    expect(text).toContain(DATE_LINE);
    expect(text).toContain("[00:00] Alice: Good morning, everyone.");
    expect(text).toContain("[00:16] Is a < b & c > d? Привет!");
  });

  test("without timestamps", async () => {
    const text = await docxText((await renderExport("docx", source(), { ...RAW, timestamps: false })).body);
    expect(text).toContain("Alice: Good morning, everyone.");
    expect(text).not.toContain("[00:");
  });

  test("formatted: headings use Word heading styles, bullets and bold survive", async () => {
    const out = await renderExport("docx", source(), { ...RAW, version: "formatted" });
    const text = await docxText(out.body);
    for (const expected of ["Weekly meeting", "Alice opened the meeting. Numbers were reviewed.", "Action items", "Hire two engineers", "Привет", "Closing words."]) {
      expect(text).toContain(expected);
    }
    const html = (await mammoth.convertToHtml({ buffer: Buffer.from(out.body) })).value;
    expect(html).toContain("<h1>Weekly meeting</h1>");
    expect(html).toContain("<h2>Action items</h2>");
    expect(html).toContain("<h3>Привет</h3>");
    expect(html).toContain("<li>Hire <strong>two</strong> engineers</li>");
    expect(html).toContain("<strong>Numbers</strong>");
  });
});

describe("speakers", () => {
  test("every export format names the speaker of each segment that has one", async () => {
    for (const format of EXPORT_FORMATS) {
      const { body } = await renderExport(format, source(), RAW);
      const text =
        format === "pdf" ? words((await pdfText(body)).text) : format === "docx" ? await docxText(body) : new TextDecoder().decode(body);
      expect({ format, alice: /Alice:/.test(text), bob: /Bob:/.test(text) }).toEqual({ format, alice: true, bob: true });
    }
  });
});
