import { inWords } from "./word-list";

describe("inWords", () => {
  it("joins with commas and a final 'and'", () => {
    expect(inWords([])).toBe("");
    expect(inWords(["TXT"])).toBe("TXT");
    expect(inWords(["TXT", "SRT"])).toBe("TXT and SRT");
    expect(inWords(["TXT", "SRT", "WebVTT"])).toBe("TXT, SRT and WebVTT");
  });
});
