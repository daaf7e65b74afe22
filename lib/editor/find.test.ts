import { findMatches, replaceAll, replaceMatch } from "./find";

const texts = ["The cat sat.", "A cat, a Cat and a CAT.", "No match here"];

describe("find and replace", () => {
  it("finds every occurrence in reading order, ignoring case unless asked", () => {
    expect(findMatches(texts, "cat", { matchCase: false })).toEqual([
      { position: 0, start: 4, end: 7 },
      { position: 1, start: 2, end: 5 },
      { position: 1, start: 9, end: 12 },
      { position: 1, start: 19, end: 22 },
    ]);
    expect(findMatches(texts, "Cat", { matchCase: true })).toEqual([{ position: 1, start: 9, end: 12 }]);
  });

  it("treats the query as literal text, not a pattern", () => {
    expect(findMatches(["a.b axb (x)"], ".", { matchCase: false })).toEqual([{ position: 0, start: 1, end: 2 }]);
    expect(findMatches(["a.b axb (x)"], "(x)", { matchCase: false })).toEqual([{ position: 0, start: 8, end: 11 }]);
  });

  it("finds nothing for an empty query", () => {
    expect(findMatches(texts, "", { matchCase: false })).toEqual([]);
    expect(replaceAll(texts, "", "x", { matchCase: false })).toEqual([]);
  });

  it("replaces one match", () => {
    expect(replaceMatch(texts[1], { position: 1, start: 9, end: 12 }, "dog")).toBe("A cat, a dog and a CAT.");
  });

  it("replaces all matches and returns only the changed segments; $ in the replacement is literal", () => {
    expect(replaceAll(texts, "cat", "$1 dog", { matchCase: false })).toEqual([
      { position: 0, text: "The $1 dog sat." },
      { position: 1, text: "A $1 dog, a $1 dog and a $1 dog." },
    ]);
  });

  it("finds non-Latin text", () => {
    expect(findMatches(["Привет, мир", "ПРИВЕТ"], "привет", { matchCase: false })).toHaveLength(2);
  });
});
