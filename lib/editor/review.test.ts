import type { ApiSegment } from "@/lib/api/contract/transcription";
import { contextSpan, stepFrom, uncertainWords, unsureBelow, wordPlace } from "./review";

const segment = (text: string, confidences: number[], extra: Partial<ApiSegment> = {}): ApiSegment => ({
  start_ms: 0,
  end_ms: 10_000,
  text,
  words: text.split(" ").map((word, i) => ({ word, start_ms: 1000 * i, end_ms: 1000 * i + 800, confidence: confidences[i] })),
  confidence: null,
  speaker: null,
  ...extra,
});

describe("the review of uncertain words", () => {
  const transcript = [segment("soup yeah go near rome", [0.2, 0.3, 0.9, 0.95, 0.4]), segment("all sure here", [1, 1, 1]), segment("he got member", [0.1, 0.6, 0.45])];

  it("lists the unsure words in order, leaving out those reviewed and those the text no longer pairs with", () => {
    expect(uncertainWords(transcript, 0.5).map((u) => [u.segment, u.word])).toEqual([[0, 0], [0, 1], [0, 4], [2, 0], [2, 2]]);
    const reviewed = segment("soup yeah go", [0.2, 0.3, 0.9]);
    reviewed.words![0].reviewed = true;
    expect(uncertainWords([reviewed], 0.5).map((u) => u.word)).toEqual([1]);
    // Edited so that its words no longer pair with its text: nothing to point at.
    expect(uncertainWords([segment("soup yeah go", [0.2, 0.3, 0.9], { text: "Subiaco" })], 0.5)).toEqual([]);
  });

  it("steps forward and back from wherever the user is, and stops at the ends", () => {
    const list = uncertainWords(transcript, 0.5);
    expect(stepFrom(list, null, 1)).toMatchObject({ segment: 0, word: 0 });
    expect(stepFrom(list, null, -1)).toMatchObject({ segment: 2, word: 2 });
    expect(stepFrom(list, { segment: 0, word: 4 }, 1)).toMatchObject({ segment: 2, word: 0 });
    expect(stepFrom(list, { segment: 1, word: 2 }, -1)).toMatchObject({ segment: 0, word: 4 });
    expect(stepFrom(list, { segment: 2, word: 2 }, 1)).toBeNull();
    expect(stepFrom([], null, 1)).toBeNull();
  });

  it("plays a word with a little before and after it, and knows each engine's line", () => {
    expect(contextSpan({ startMs: 1000, endMs: 1400 })).toEqual({ fromMs: 0, toMs: 2100 });
    expect(contextSpan({ startMs: 5000, endMs: 5600 })).toEqual({ fromMs: 3500, toMs: 6300 });
    expect(unsureBelow("sphinx")).toBe(0.3);
    expect(unsureBelow(null)).toBe(0.5);
  });

  it("finds a word's place in the text to select it, as the review counts words", () => {
    expect(wordPlace("near  rome, Italy", 1)).toEqual({ from: 6, to: 11 });
    expect(wordPlace("near rome", 0)).toEqual({ from: 0, to: 4 });
    expect(wordPlace("near rome", 5)).toEqual({ from: 9, to: 9 });
  });
});
