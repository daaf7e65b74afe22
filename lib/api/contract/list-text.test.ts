import { formatCommaList, formatLanguageLines, parseCommaList, parseLanguageLines } from "./list-text";

describe("parseCommaList", () => {
  it("splits at commas, trims, and drops empty items", () => {
    expect(parseCommaList(" export_txt,, record_tab_mic ,  ,in_app_editing")).toEqual([
      "export_txt",
      "record_tab_mic",
      "in_app_editing",
    ]);
  });

  it("gives an empty list for blank input and keeps each item once", () => {
    expect(parseCommaList("")).toEqual([]);
    expect(parseCommaList(" , ,")).toEqual([]);
    expect(parseCommaList("core, extended, core")).toEqual(["core", "extended"]);
  });

  it("round-trips with formatCommaList", () => {
    expect(parseCommaList(formatCommaList(["core", "extended"]))).toEqual(["core", "extended"]);
  });
});

describe("parseLanguageLines", () => {
  it("reads one code: Name per line", () => {
    expect(parseLanguageLines("en: English\nde: German")).toEqual({ en: "English", de: "German" });
  });

  it("splits at the first colon only, so names may contain colons", () => {
    expect(parseLanguageLines("x: Name: with colon")).toEqual({ x: "Name: with colon" });
  });

  it("ignores lines lacking a code or a name, and lines without a colon", () => {
    expect(parseLanguageLines(": Nameless\nfr:\n   \nno colon here\n  es :  Spanish  \r\n")).toEqual({ es: "Spanish" });
  });

  it("lets a later line for the same code win", () => {
    expect(parseLanguageLines("en: English\nen: English (US)")).toEqual({ en: "English (US)" });
  });

  it("round-trips with formatLanguageLines", () => {
    const tier = { en: "English", pt: "Portuguese" };
    expect(formatLanguageLines(tier)).toBe("en: English\npt: Portuguese");
    expect(parseLanguageLines(formatLanguageLines(tier))).toEqual(tier);
  });
});
