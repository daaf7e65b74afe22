import { languageCodeFromName, languageName } from "./language-names";

describe("languageName", () => {
  it("names a catalogue language as the plans list it", () => {
    expect(languageName("en")).toBe("English");
    expect(languageName("de")).toBe("German");
    expect(languageName("haw")).toBe("Hawaiian");
  });

  it("names a code the catalogue lacks by its English name", () => {
    expect(languageName("yue")).toBe("Cantonese");
  });

  it("shows a code nobody knows, or one that is not a language code, as it is; none is null", () => {
    expect(languageName("qq")).toBe("qq");
    expect(languageName("not a code")).toBe("not a code");
    expect(languageName(null)).toBeNull();
    expect(languageName("")).toBeNull();
  });

  it("reads a language given by name or by code", () => {
    expect(languageCodeFromName("English")).toBe("en");
    expect(languageCodeFromName("en")).toBe("en");
    expect(languageCodeFromName("Klingon")).toBeUndefined();
  });
});
