import type { WordTiming } from "@/lib/db/schema";
import type { EngineSegment } from "./engines/types";
import { MAX_SEGMENT_MS, readableSegments } from "./readable-segments";

/** A steady reading: `count` words of 300–500 ms with short gaps, and the gaps given by `gapAfter`. */
function reading(count: number, gapAfter: (i: number) => number, wordAt: (i: number) => string = (i) => `w${i}`): WordTiming[] {
  const words: WordTiming[] = [];
  let t = 500;
  for (let i = 0; i < count; i++) {
    const length = 300 + ((i * 37) % 200);
    words.push({ word: wordAt(i), start_ms: t, end_ms: t + length, confidence: 0.5 + (i % 5) / 10 });
    t += length + gapAfter(i);
  }
  return words;
}

const asEngineSegment = (words: WordTiming[]): EngineSegment => ({
  startMs: words[0].start_ms,
  endMs: words.at(-1)!.end_ms,
  text: words.map((w) => w.word).join(" "),
  words,
});

function expectReadable(out: EngineSegment[], words: WordTiming[]) {
  // Every word once, in order, with its own timing; segments in order, never overlapping.
  expect(out.flatMap((s) => s.words ?? [])).toEqual(words);
  for (const [i, s] of out.entries()) {
    expect(s.endMs).toBeGreaterThan(s.startMs);
    if (i > 0) expect(s.startMs).toBeGreaterThanOrEqual(out[i - 1].endMs);
    expect(s.text).toBe(textOf(s.words ?? []));
  }
  const speechMs = words.at(-1)!.end_ms - words[0].start_ms;
  expect(out.length).toBeGreaterThanOrEqual(Math.floor(speechMs / MAX_SEGMENT_MS));
}
const textOf = (words: WordTiming[]) => words.map((w) => w.word).join(" ").replace(/\s+([,.;:!?…])/g, "$1");

describe("readableSegments", () => {
  it("cuts a two-minute utterance without punctuation (PocketSphinx) at pauses, none over 15 s", () => {
    // Gaps of 40–200 ms between words, a 600 ms breath every 23 words.
    const words = reading(300, (i) => (i % 23 === 22 ? 600 : 40 + ((i * 53) % 160)));
    expect(words.at(-1)!.end_ms - words[0].start_ms).toBeGreaterThan(120_000);
    const out = readableSegments([asEngineSegment(words)]);
    expectReadable(out, words);
    for (const s of out) expect(s.endMs - s.startMs).toBeLessThanOrEqual(MAX_SEGMENT_MS);
  });

  it("cuts punctuated text at sentence ends, keeping short sentences together", () => {
    // "Yes." then sentences of 14 words.
    const words = reading(60, () => 80, (i) => (i === 0 ? "Yes." : i % 14 === 0 ? `end${i}.` : `w${i}`));
    const out = readableSegments([asEngineSegment(words)]);
    expectReadable(out, words);
    expect(out[0].text.startsWith("Yes. w1")).toBe(true);
    for (const s of out.slice(0, -1)) expect(s.text).toMatch(/\.$/);
  });

  it("a long pause always starts a new segment", () => {
    const words = reading(6, (i) => (i === 2 ? 2500 : 60));
    const out = readableSegments([asEngineSegment(words)]);
    expect(out.map((s) => s.words?.length)).toEqual([3, 3]);
  });

  it("with no pause and no sentence end at all, cuts at the widest gap before 15 s", () => {
    const words = reading(120, (i) => (i === 30 ? 20 : 10));
    const out = readableSegments([asEngineSegment(words)]);
    expectReadable(out, words);
    for (const s of out) expect(s.endMs - s.startMs).toBeLessThanOrEqual(MAX_SEGMENT_MS);
  });

  it("one word longer than the limit stays whole", () => {
    const word = { word: "aaaah", start_ms: 0, end_ms: 20_000 };
    expect(readableSegments([asEngineSegment([word])])).toEqual([{ startMs: 0, endMs: 20_000, text: "aaaah", words: [word] }]);
  });

  it("the confidence of a segment is its words' mean; punctuation tokens stick to their word", () => {
    const words: WordTiming[] = [
      { word: " Hello", start_ms: 0, end_ms: 400, confidence: 0.9 },
      { word: ",", start_ms: 400, end_ms: 420, confidence: 0.7 },
      { word: " world", start_ms: 450, end_ms: 900, confidence: 0.5 },
    ];
    const [s] = readableSegments([asEngineSegment(words)]);
    expect(s.text).toBe("Hello, world");
    expect(s.confidence).toBeCloseTo(0.7);
  });

  it("keeps segments without word timings as they are, and drops empty ones", () => {
    const plain: EngineSegment = { startMs: 0, endMs: 30_000, text: "No word timings here." };
    expect(readableSegments([plain, { startMs: 30_000, endMs: 31_000, text: "  " }])).toEqual([plain]);
  });
});
