import { realignSegments, realignWords } from "./word-alignment";

const words = [
  { word: "and", start_ms: 0, end_ms: 400, confidence: 0.9 },
  { word: "so", start_ms: 400, end_ms: 800, confidence: 0.4 },
  { word: "my", start_ms: 1000, end_ms: 1300, confidence: 0.95 },
  { word: "fellow", start_ms: 1300, end_ms: 1800, confidence: 0.8 },
  { word: "americans", start_ms: 1800, end_ms: 2600, confidence: 0.3 },
];

describe("realignWords", () => {
  it("keeps a replacement's mark only while every word it wrote stands as written, side by side", () => {
    const written = [
      { word: "ask", start_ms: 0, end_ms: 400 },
      { word: "John", start_ms: 400, end_ms: 700, replaced_from: "John", replaced_words: 2 },
      { word: "Dashwood", start_ms: 700, end_ms: 1000 },
      { word: "now", start_ms: 1000, end_ms: 1400 },
    ];
    expect(realignWords(written, "so ask John Dashwood now", 0, 1400)[2]).toMatchObject({ word: "John", replaced_from: "John", replaced_words: 2 });
    // Undone (or a written word deleted): the mark would name the wrong words, so it goes.
    expect(realignWords(written, "ask John now", 0, 1400).some((w) => w.replaced_from !== undefined)).toBe(false);
    expect(realignWords(written, "ask John Dashwood, now", 0, 1400).some((w) => w.replaced_from !== undefined)).toBe(false);
  });

  it("keeps the timing of words the edit kept, whatever their case and punctuation", () => {
    const result = realignWords(words, "And so, my fellow Americans.", 0, 3000);
    expect(result.map(({ start_ms, end_ms }) => [start_ms, end_ms])).toEqual(words.map(({ start_ms, end_ms }) => [start_ms, end_ms]));
  });

  it("keeps the confidence of untouched words and drops it from corrected ones (they are no longer unsure)", () => {
    const result = realignWords(words, "And so, my fellow Americans.", 0, 3000);
    expect(result).toEqual([
      { word: "And", start_ms: 0, end_ms: 400 },
      { word: "so,", start_ms: 400, end_ms: 800 },
      { word: "my", start_ms: 1000, end_ms: 1300, confidence: 0.95 },
      { word: "fellow", start_ms: 1300, end_ms: 1800, confidence: 0.8 },
      { word: "Americans.", start_ms: 1800, end_ms: 2600 },
    ]);
  });

  it("gives replaced words the time of the words they replace, without a confidence", () => {
    const result = realignWords(words, "and so my fellow citizens", 0, 3000);
    expect(result[4]).toEqual({ word: "citizens", start_ms: 1800, end_ms: 3000 });
  });

  it("spreads inserted words over the gap between kept neighbours", () => {
    const result = realignWords(words, "and so dear my fellow americans", 0, 3000);
    expect(result[2]).toEqual({ word: "dear", start_ms: 800, end_ms: 1000 });
    expect(result.map((w) => w.word)).toEqual(["and", "so", "dear", "my", "fellow", "americans"]);
  });

  it("drops deleted words and keeps the rest in order", () => {
    const result = realignWords(words, "my americans", 0, 3000);
    expect(result).toEqual([
      { word: "my", start_ms: 1000, end_ms: 1300, confidence: 0.95 },
      { word: "americans", start_ms: 1800, end_ms: 2600, confidence: 0.3 },
    ]);
  });

  it("spreads a fully new text evenly over the segment", () => {
    expect(realignWords([], "one two", 1000, 2000)).toEqual([
      { word: "one", start_ms: 1000, end_ms: 1500 },
      { word: "two", start_ms: 1500, end_ms: 2000 },
    ]);
  });

  it("returns no words for an empty text", () => {
    expect(realignWords(words, "   ", 0, 3000)).toEqual([]);
  });

  it("keeps timings monotonic", () => {
    const result = realignWords(words, "americans fellow my so and", 0, 3000);
    for (let i = 1; i < result.length; i++) expect(result[i].start_ms).toBeGreaterThanOrEqual(result[i - 1].end_ms);
  });
});

describe("realignSegments", () => {
  const timedWords = (count: number, from = 0) => Array.from({ length: count }, (_, i) => ({ word: `w${i}`, start_ms: from + i * 10, end_ms: from + i * 10 + 10, confidence: 0.9 }));
  const textOf = (count: number) => Array.from({ length: count }, (_, i) => `w${i}`).join(" ");

  it("aligns like realignWords while the save's budget lasts", () => {
    const [one] = realignSegments([{ previous: words, text: "And so, my fellow Americans.", startMs: 0, endMs: 3000 }]);
    expect(one).toEqual(realignWords(words, "And so, my fellow Americans.", 0, 3000));
  });

  it("bounds one save's work: past 16 M table cells, segments share their time evenly", () => {
    // Each segment: 1,500 old × 1,500 new words = 2.25 M cells; 7 fit in the budget, the 8th does not.
    const segments = Array.from({ length: 8 }, () => ({ previous: timedWords(1500, 5), text: textOf(1500), startMs: 0, endMs: 15_000 }));
    const result = realignSegments(segments);
    expect(result[6][0]).toEqual({ word: "w0", start_ms: 5, end_ms: 15, confidence: 0.9 });
    expect(result[7][0]).toEqual({ word: "w0", start_ms: 0, end_ms: 10 });
    expect(result[7]).toHaveLength(1500);
  });

  it("never aligns one segment of more than 4 M cells", () => {
    const [result] = realignSegments([{ previous: timedWords(2100), text: textOf(2100), startMs: 0, endMs: 21_000 }]);
    expect(result[0]).not.toHaveProperty("confidence");
  });
});
