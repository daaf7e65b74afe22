import { replacementsIn, textWithout } from "./replacement-undo";

const word = (w: string, i: number, extra = {}) => ({ word: w, start_ms: i * 100, end_ms: i * 100 + 90, ...extra });

describe("undoing a replacement in the editor", () => {
  const segment = {
    text: "and Mister John Dashwood, said Subiaco",
    words: [
      word("and", 0),
      word("Mister", 1, { replaced_from: "mr John guess what,", replaced_words: 3 }),
      word("John", 2),
      word("Dashwood,", 3),
      word("said", 4),
      word("Subiaco", 5, { replaced_from: "soup yeah go", replaced_words: 1 }),
    ],
  };

  it("finds each replacement still standing, and writes back what the engine heard", () => {
    const found = replacementsIn(segment);
    expect(found).toEqual([
      { word: 1, count: 3, heard: "mr John guess what," },
      { word: 5, count: 1, heard: "soup yeah go" },
    ]);
    expect(textWithout(segment, found[0])).toBe("and mr John guess what, said Subiaco");
    expect(textWithout(segment, found[1])).toBe("and Mister John Dashwood, said soup yeah go");
  });

  it("shows none once the text no longer pairs with its words (an edit is being typed)", () => {
    expect(replacementsIn({ ...segment, text: "and Mister Dashwood said" })).toEqual([]);
    expect(replacementsIn({ text: "plain", words: null })).toEqual([]);
  });
});
