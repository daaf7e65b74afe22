import { storedContentType } from "./create";

describe("the type an upload is stored with", () => {
  it("keeps a plain type/subtype, without parameters, in lower case", () => {
    expect(storedContentType("audio/mpeg")).toBe("audio/mpeg");
    expect(storedContentType("Audio/WebM; codecs=opus")).toBe("audio/webm");
    expect(storedContentType("video/x-matroska")).toBe("video/x-matroska");
  });

  it("replaces anything a header or the database would choke on with a neutral type", () => {
    for (const hostile of ["", "a\u0000", "audio/mpeg\r\nX-Injected: 1", "text/html <script>", "noslash", "a/b/c", `audio/${"x".repeat(100)}`]) {
      expect(storedContentType(hostile)).toBe("application/octet-stream");
    }
  });
});
