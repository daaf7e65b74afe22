import { mergedParts, splitParts, wordsBefore } from "./segment-structure";

const w = (word: string, start_ms: number, end_ms: number, confidence?: number) => ({ word, start_ms, end_ms, ...(confidence === undefined ? {} : { confidence }) });

const timed = {
  startMs: 1000,
  endMs: 4000,
  text: "ask not what your country",
  words: [w("ask", 1000, 1400, 0.9), w("not", 1400, 1800, 0.9), w("what", 2000, 2400, 0.3), w("your", 2400, 3000, 0.9), w("country", 3000, 3900, 0.8)],
  confidence: 0.8,
  speaker: "Speaker 1",
};

describe("wordsBefore", () => {
  it("counts the whole words before the cursor; a cursor inside a word leaves it for the second part", () => {
    expect(wordsBefore("ask not what", 0)).toBe(0);
    expect(wordsBefore("ask not what", 3)).toBe(1);
    expect(wordsBefore("ask not what", 4)).toBe(1);
    expect(wordsBefore("ask not what", 6)).toBe(1);
    expect(wordsBefore("ask not what", 12)).toBe(3);
  });
});

describe("splitParts", () => {
  it("cuts where the word starts; each part keeps its words' timings and confidences, and the speaker", () => {
    const [a, b] = splitParts(timed, 2);
    expect(a).toEqual({ ...timed, text: "ask not", endMs: 2000, words: timed.words.slice(0, 2) });
    expect(b).toEqual({ ...timed, text: "what your country", startMs: 2000, words: timed.words.slice(2) });
  });

  it("without word timings shares the time by characters", () => {
    const [a, b] = splitParts({ ...timed, words: null, text: "ab cdef" }, 1);
    expect([a.text, a.startMs, a.endMs, a.words]).toEqual(["ab", 1000, 2000, null]);
    expect([b.text, b.startMs, b.endMs, b.words]).toEqual(["cdef", 2000, 4000, null]);
  });

  it("refuses to cut before the first word or after the last", () => {
    for (const at of [0, 5, -1, 1.5]) expect(() => splitParts(timed, at)).toThrow("Choose where to split: between two words of the segment.");
    expect(() => splitParts({ ...timed, text: "one" }, 1)).toThrow("Choose where to split");
  });
});

describe("mergedParts", () => {
  it("undoes a split exactly", () => {
    const [a, b] = splitParts(timed, 3);
    expect(mergedParts(a, b)).toEqual({ ...timed, endMs: 4000 });
  });

  it("joins texts and word timings, takes the first speaker (or the second's) and the lower confidence", () => {
    const next = { startMs: 5000, endMs: 6000, text: "can do", words: [w("can", 5000, 5400), w("do", 5400, 6000)], confidence: 0.5, speaker: "Speaker 2" };
    const merged = mergedParts({ ...timed, speaker: null }, next);
    expect(merged.text).toBe("ask not what your country can do");
    expect(merged.words).toEqual([...timed.words, ...next.words]);
    expect([merged.startMs, merged.endMs, merged.confidence, merged.speaker]).toEqual([1000, 6000, 0.5, "Speaker 2"]);
  });

  it("refuses a merge whose text would pass 5,000 characters, the most a segment may hold", () => {
    const long = { ...timed, text: "x".repeat(2600), words: null };
    expect(() => mergedParts(long, long)).toThrow(
      expect.objectContaining({ kind: "unprocessable", message: "These two segments together would hold more than 5000 characters, the most a segment may hold." }),
    );
  });

  it("gives the words of a segment without timings a share of the time, keeping the order monotonic", () => {
    const merged = mergedParts(timed, { startMs: 4000, endMs: 5000, text: "can do", words: null, confidence: null, speaker: null });
    expect(merged.words?.slice(5)).toEqual([w("can", 3900, 4450), w("do", 4450, 5000)]);
    expect(merged.confidence).toBe(0.8);
  });
});
