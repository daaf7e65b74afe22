import { NO_FORMATTED_VERSION } from "./document";
import { EXPORT_FORMATS, isExportFormat, renderExport, type ExportFormat, type ExportOptions } from "./render";
import { source } from "@/test/support/export-source";

const RAW: ExportOptions = { timestamps: true, version: "raw", timeZone: "UTC" };
const decode = (body: Uint8Array) => new TextDecoder().decode(body);

async function text(format: ExportFormat, options: Partial<ExportOptions> = {}, overrides = {}): Promise<string> {
  return decode((await renderExport(format, source(overrides), { ...RAW, ...options })).body);
}

const HEADER = "Weekly Meeting\n21 November 2026, 14:05 · Duration 1:20 · English\n\n";

describe("text formats", () => {
  test("TXT, raw with timestamps", async () => {
    expect(await text("txt")).toBe(
      HEADER +
        "[00:00] Alice: Good morning, everyone.\n\n" +
        "[00:03] Today we will walk through the quarterly numbers, then look at the hiring plan for the next two quarters, and finally answer your questions.\n\n" +
        "[00:16] Is a < b & c > d? Привет!\n\n" +
        "[01:05] Bob: Without word timings this closing remark is split in proportion to its characters over the segment time.\n",
    );
  });

  test("TXT, raw without timestamps", async () => {
    expect(await text("txt", { timestamps: false })).toBe(
      HEADER +
        "Alice: Good morning, everyone.\n\n" +
        "Today we will walk through the quarterly numbers, then look at the hiring plan for the next two quarters, and finally answer your questions.\n\n" +
        "Is a < b & c > d? Привет!\n\n" +
        "Bob: Without word timings this closing remark is split in proportion to its characters over the segment time.\n",
    );
  });

  test("TXT, formatted: Markdown markup stripped, timestamps ignored", async () => {
    expect(await text("txt", { version: "formatted" })).toBe(
      HEADER +
        "Weekly meeting\n\n" +
        "Alice opened the meeting. Numbers were reviewed.\n\n" +
        "Action items\n\n" +
        "• Hire two engineers\n" +
        "• Answer questions\n\n" +
        "Привет\n\n" +
        "Closing words.\n",
    );
  });

  test("Markdown, raw: title, italic date line, escaped text", async () => {
    expect(await text("md")).toBe(
      "# Weekly Meeting\n\n" +
        "*21 November 2026, 14:05 · Duration 1:20 · English*\n\n" +
        "[00:00] **Alice:** Good morning, everyone.\n\n" +
        "[00:03] Today we will walk through the quarterly numbers, then look at the hiring plan for the next two quarters, and finally answer your questions.\n\n" +
        "[00:16] Is a \\< b & c \\> d? Привет!\n\n" +
        "[01:05] **Bob:** Without word timings this closing remark is split in proportion to its characters over the segment time.\n",
    );
  });

  test("Markdown, formatted: the formatted Markdown under the header", async () => {
    expect(await text("md", { version: "formatted" })).toBe(
      "# Weekly Meeting\n\n" +
        "*21 November 2026, 14:05 · Duration 1:20 · English*\n\n" +
        "# Weekly meeting\n\n" +
        "Alice opened the meeting. **Numbers** were reviewed.\n\n" +
        "## Action items\n\n" +
        "- Hire **two** engineers\n" +
        "- Answer questions\n\n" +
        "### Привет\n\n" +
        "Closing words.\n",
    );
  });

  test("SRT: cues split by word timings and by characters, speaker on every cue", async () => {
    const expected =
      "1\n00:00:00,000 --> 00:00:03,500\nAlice: Good morning, everyone.\n\n" +
      "2\n00:00:03,600 --> 00:00:10,000\nToday we will walk through the quarterly\nnumbers, then look at the hiring\n\n" +
      "3\n00:00:10,100 --> 00:00:15,500\nplan for the next two quarters, and\nfinally answer your questions.\n\n" +
      "4\n00:00:16,000 --> 00:00:19,000\nIs a < b & c > d? Привет!\n\n" +
      "5\n00:01:05,000 --> 00:01:09,904\nBob: Without word timings this closing\n\n" +
      "6\n00:01:09,904 --> 00:01:15,240\nBob: remark is split in proportion to its\n\n" +
      "7\n00:01:15,240 --> 00:01:20,000\nBob: characters over the segment time.\n";
    expect(await text("srt")).toBe(expected);
    // Subtitles always come from the raw segments.
    expect(await text("srt", { version: "formatted", timestamps: false })).toBe(expected);
  });

  test("WebVTT: header, dotted times, escaped markup characters", async () => {
    expect(await text("vtt")).toBe(
      "WEBVTT\n\n" +
        "00:00:00.000 --> 00:00:03.500\nAlice: Good morning, everyone.\n\n" +
        "00:00:03.600 --> 00:00:10.000\nToday we will walk through the quarterly\nnumbers, then look at the hiring\n\n" +
        "00:00:10.100 --> 00:00:15.500\nplan for the next two quarters, and\nfinally answer your questions.\n\n" +
        "00:00:16.000 --> 00:00:19.000\nIs a &lt; b &amp; c &gt; d? Привет!\n\n" +
        "00:01:05.000 --> 00:01:09.904\nBob: Without word timings this closing\n\n" +
        "00:01:09.904 --> 00:01:15.240\nBob: remark is split in proportion to its\n\n" +
        "00:01:15.240 --> 00:01:20.000\nBob: characters over the segment time.\n",
    );
  });

  test("the date follows the time zone; language is left out when unknown", async () => {
    const out = await text("txt", { timeZone: "Europe/Berlin" }, { language: null });
    expect(out.split("\n")[1]).toBe("21 November 2026, 15:05 · Duration 1:20");
  });

  test("empty transcript: header only, one trailing newline; empty subtitle files stay valid", async () => {
    expect(await text("txt", {}, { segments: [] })).toBe("Weekly Meeting\n21 November 2026, 14:05 · Duration 1:20 · English\n");
    expect(await text("vtt", {}, { segments: [] })).toBe("WEBVTT\n");
    expect(await text("srt", {}, { segments: [] })).toBe("");
  });

  test("no trailing spaces and a single trailing newline in every text format", async () => {
    for (const format of ["txt", "md", "srt", "vtt"] as const) {
      for (const version of ["raw", "formatted"] as const) {
        const out = await text(format, { version }, { formattedMarkdown: "# Heading  \n\nLine with spaces   \n\n\n\n- item  \n" });
        expect(out).not.toMatch(/[ \t]\n/);
        expect(out.endsWith("\n") && !out.endsWith("\n\n")).toBe(true);
      }
    }
  });
});

describe("renderExport", () => {
  test("content types and file names for every format", async () => {
    const expected: Record<ExportFormat, [string, string]> = {
      txt: ["text/plain; charset=utf-8", "weekly-meeting-formatted.txt"],
      md: ["text/markdown; charset=utf-8", "weekly-meeting-formatted.md"],
      pdf: ["application/pdf", "weekly-meeting-formatted.pdf"],
      docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "weekly-meeting-formatted.docx"],
      srt: ["application/x-subrip; charset=utf-8", "weekly-meeting.srt"],
      vtt: ["text/vtt; charset=utf-8", "weekly-meeting.vtt"],
    };
    for (const format of EXPORT_FORMATS) {
      const out = await renderExport(format, source(), { ...RAW, version: "formatted" });
      expect([out.contentType, out.filename]).toEqual(expected[format]);
      expect(out.body.byteLength).toBeGreaterThan(0);
    }
    expect((await renderExport("txt", source(), RAW)).filename).toBe("weekly-meeting.txt");
  });

  test("formatted version missing: a conflict for document formats, subtitles still work", async () => {
    for (const format of ["txt", "md", "pdf", "docx"] as const) {
      const attempt = renderExport(format, source({ formattedMarkdown: null }), { ...RAW, version: "formatted" });
      await expect(attempt).rejects.toMatchObject({ kind: "conflict", message: NO_FORMATTED_VERSION });
    }
    await expect(renderExport("srt", source({ formattedMarkdown: null }), { ...RAW, version: "formatted" })).resolves.toBeDefined();
  });

  test("isExportFormat", () => {
    expect(EXPORT_FORMATS.every(isExportFormat)).toBe(true);
    expect(isExportFormat("html")).toBe(false);
    expect(isExportFormat("TXT")).toBe(false);
    expect(isExportFormat("toString")).toBe(false);
  });
});
