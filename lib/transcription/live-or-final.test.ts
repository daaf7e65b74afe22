import type { EngineSegment } from "./engines/types";
import { liveOrFinal } from "./live-or-final";

/** A segment of words `text` from `startMs`, each 400 ms, all with confidence `c`. */
function said(startMs: number, text: string, c: number): EngineSegment {
  const words = text.split(" ").map((word, i) => ({ word, start_ms: startMs + i * 400, end_ms: startMs + i * 400 + 380, confidence: c }));
  return { startMs, endMs: words.at(-1)!.end_ms, text, words, confidence: c };
}

describe("the better of a recording's live text and its full-quality pass", () => {
  const live = [said(0, "ask not what your country", 0.9), said(5_000, "can do four you", 0.3), said(9_000, "ask what", 0.8)];
  const final = [said(100, "ask knot what you country", 0.6), said(5_100, "can do for you", 0.7), said(9_100, "ask what", 0.8)];

  it("keeps, over each stretch of speech, the pass the same engine was surer of; a tie goes to the full pass", () => {
    const chosen = liveOrFinal(final, live, true);
    expect(chosen.segments.map((s) => s.text)).toEqual(["ask not what your country", "can do for you", "ask what"]);
    expect(chosen.segments[2]).toBe(final[2]);
    expect(chosen).toMatchObject({ keptLive: 1, stretches: 3 });
  });

  it("a better engine's full pass is kept whole", () => {
    expect(liveOrFinal(final, live, false).segments).toEqual(final);
  });

  it("the full pass decides where there is speech: live words over its silence are dropped, its words over live silence kept", () => {
    const chosen = liveOrFinal([said(20_000, "thank you", 0.5)], [said(0, "hello there", 0.99)], true);
    expect(chosen.segments.map((s) => s.text)).toEqual(["thank you"]);
  });

  it("stretches join every segment that overlaps, from either pass, so both are compared over the same audio", () => {
    // Live heard one long utterance where the full pass heard two.
    const chosen = liveOrFinal([said(0, "ask not", 0.5), said(900, "what your", 0.5)], [said(0, "ask not what your", 0.8)], true);
    expect(chosen.segments.map((s) => s.text)).toEqual(["ask not what your"]);
    expect(chosen.stretches).toBe(1);
  });

  it("without words' confidences there is nothing to compare: the full pass stands", () => {
    const bare = (s: EngineSegment): EngineSegment => ({ startMs: s.startMs, endMs: s.endMs, text: s.text });
    expect(liveOrFinal(final.map(bare), live.map(bare), true).keptLive).toBe(0);
  });
});
