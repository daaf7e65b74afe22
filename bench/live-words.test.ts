import { finalWords, wordDelays, type FinalUtterance } from "./live-words";

const t0 = 1000;
const words = (...list: Array<[string, number]>) => list.map(([word, end_ms]) => ({ word, start_ms: end_ms - 200, end_ms }));

describe("wordDelays", () => {
  const utterances: FinalUtterance[] = [
    { at: t0 + 2000, text: "Ask not", endMs: 1000, words: words(["ask", 600], ["not", 1000]) },
    { at: t0 + 4500, text: "what your", endMs: 3500, words: words(["what", 3000], ["Your,", 3500]) },
  ];

  it("times each word from its end in the audio to its first showing, its right showing and its final arrival", () => {
    const views = [
      { at: t0 + 800, finals: 0, pending: "ask" },
      { at: t0 + 1200, finals: 0, pending: "ask knot" },
      { at: t0 + 1500, finals: 0, pending: "ask not" },
      { at: t0 + 2000, finals: 1, pending: "" },
      // the second utterance's words, counted after the first one's
      { at: t0 + 3400, finals: 1, pending: "what you" },
      { at: t0 + 4500, finals: 2, pending: "" },
    ];
    expect(wordDelays(views, utterances, t0)).toEqual({
      // "you" at the fourth place 100 ms before "your" ends: some word shows there
      shown: [200, 200, 400, -100],
      right: [200, 500, 400, 1000],
      final: [1400, 1000, 1500, 1000],
    });
  });

  it("a word shows once a guess holds it, even where the guess had a word too many before it", () => {
    const views = [{ at: t0 + 1500, finals: 0, pending: "as knot not" }];
    expect(wordDelays(views, utterances, t0).right.slice(0, 2)).toEqual([1400, 500]);
  });

  it("counts a word shown when its utterance arrives, views or not", () => {
    expect(wordDelays([], utterances, t0).right).toEqual([1400, 1000, 1500, 1000]);
  });

  it("compares the final words as scoring does: lower case, no punctuation", () => {
    expect(finalWords(utterances)).toEqual(["ask", "not", "what", "your"]);
  });
});
