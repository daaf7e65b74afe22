import { packWords, unpackWords } from "./packed-words";

const segment = (i: number, words: Array<{ word: string; start_ms: number; end_ms: number; confidence: number }> | null) => ({
  start_ms: i * 1000,
  end_ms: i * 1000 + 900,
  text: `segment ${i}`,
  speaker: i % 2 ? "Speaker 1" : null,
  words,
});

describe("word timings packed for a worker thread", () => {
  it("come back exactly as they were, segments without timings included", async () => {
    const segments = Array.from({ length: 1000 }, (_, i) =>
      segment(i, i % 7 === 0 ? null : [{ word: "segment", start_ms: i * 1000, end_ms: i * 1000 + 400, confidence: 0.5 }, { word: String(i), start_ms: i * 1000 + 400, end_ms: i * 1000 + 900, confidence: 1 }]),
    );
    const packed = await packWords(segments);
    expect(packed.every((p) => p.words === null || typeof p.words === "string")).toBe(true);
    expect(unpackWords(structuredClone(packed))).toEqual(segments);
  });

  it("let other work run while a long transcript is packed", async () => {
    let ranBetween = false;
    setImmediate(() => (ranBetween = true));
    await packWords(Array.from({ length: 2000 }, (_, i) => segment(i, [])));
    expect(ranBetween).toBe(true);
  });
});
