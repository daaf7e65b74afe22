import { realignWords } from "./word-alignment";

const words = [
  { word: "and", start_ms: 0, end_ms: 400, confidence: 0.9 },
  { word: "so", start_ms: 400, end_ms: 800, confidence: 0.4 },
  { word: "my", start_ms: 1000, end_ms: 1300, confidence: 0.95 },
  { word: "fellow", start_ms: 1300, end_ms: 1800, confidence: 0.8 },
  { word: "americans", start_ms: 1800, end_ms: 2600, confidence: 0.3 },
];

describe("realignWords", () => {
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
