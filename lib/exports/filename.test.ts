import { contentDisposition, exportFilename, slugify } from "./filename";

describe("slugify", () => {
  test.each([
    ["Weekly Meeting", "weekly-meeting"],
    ["Café déjà vu — Straße", "cafe-deja-vu-strasse"],
    ["../../etc/passwd", "etc-passwd"],
    ["a\\b:c*d?e\"f<g>h|i", "a-b-c-d-e-f-g-h-i"],
    ["Привет мир", "transcript"],
    ["   ", "transcript"],
    ["ＦＵＬＬ width №1", "full-width-no1"],
  ])("%j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  test("at most 80 characters, never ending in a dash", () => {
    const slug = slugify(`${"word ".repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe("file names and Content-Disposition", () => {
  test("ASCII file name with suffix and extension", () => {
    expect(exportFilename("Weekly Meeting", "pdf", false)).toBe("weekly-meeting.pdf");
    expect(exportFilename("Weekly Meeting", "docx", true)).toBe("weekly-meeting-formatted.docx");
    expect(exportFilename("Привет", "txt", true)).toBe("transcript-formatted.txt");
    expect(exportFilename("../secret", "md", false)).toBe("secret.md");
  });

  test("filename* carries the original title in UTF-8", () => {
    const filename = exportFilename("Привет мир", "pdf", true);
    expect(contentDisposition(filename, "Привет мир")).toBe(
      `attachment; filename="transcript-formatted.pdf"; filename*=UTF-8''${encodeURIComponent("Привет мир-formatted.pdf")}`,
    );
    expect(contentDisposition("cafe.txt", "Café")).toBe(`attachment; filename="cafe.txt"; filename*=UTF-8''Caf%C3%A9.txt`);
  });

  test("path and quote characters never reach either name", () => {
    const title = '../a "quoted"/b\\c';
    const header = contentDisposition(exportFilename(title, "txt", false), title);
    expect(header).toBe(`attachment; filename="a-quoted-b-c.txt"; filename*=UTF-8''a%20quoted%20b%20c.txt`);
    expect(contentDisposition('we"ird\\.txt', "x")).toBe(`attachment; filename="we-ird-.txt"; filename*=UTF-8''we-ird-.txt`);
  });

  test("RFC 5987 characters outside attr-char are percent-encoded", () => {
    expect(contentDisposition("it-s-a.txt", "It's (a)")).toContain("filename*=UTF-8''It%27s%20%28a%29.txt");
  });
});
