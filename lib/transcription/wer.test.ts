import { wordErrorRate } from "./wer";

describe("wordErrorRate", () => {
  it("is 0 for the same words whatever the case and punctuation", () => {
    expect(wordErrorRate("Ask not, what your country can do!", "ask not what your country can do")).toBe(0);
  });
  it("counts substitutions, insertions and deletions", () => {
    expect(wordErrorRate("a b c d", "a x c")).toBe(0.5); // one substitution, one deletion
    expect(wordErrorRate("a b", "a b c d")).toBe(1);
  });
});
