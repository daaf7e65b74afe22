import { allows, OPERATION_GATES } from "./feature-gates";

describe("OPERATION_GATES", () => {
  it("an operation is allowed by any one of its features", () => {
    expect(allows(new Set(["ai_enhanced_formatting"]), "format_basic")).toBe(true);
    expect(allows(new Set(["ai_enhancement"]), "format_basic")).toBe(true);
    expect(allows(new Set(["export_txt"]), "format_basic")).toBe(false);
  });

  it("each export format has its gate: plain text and subtitles with export_txt, documents with export_markdown_pdf", () => {
    expect(OPERATION_GATES.export_srt.features).toEqual(["export_txt"]);
    expect(OPERATION_GATES.export_docx).toEqual({ features: ["export_markdown_pdf"], what: "Word (DOCX) export", format: "Word" });
  });
});
