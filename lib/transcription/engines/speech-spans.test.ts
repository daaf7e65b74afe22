import { COMPACTED_GAP_MS, speechSpans, toOriginalTime } from "./speech-spans";

describe("speech spans from the voice-activity model", () => {
  it("pads each span, joins close ones and keeps within the audio", () => {
    // centiseconds, as whisper.cpp's VAD reports them
    const vad = [{ t0: 50, t1: 150 }, { t0: 200, t1: 300 }, { t0: 900, t1: 1000 }, { t0: 1990, t1: 2000 }];
    expect(speechSpans(vad, 20_050)).toEqual([
      { startMs: 300, endMs: 3200 },
      { startMs: 8800, endMs: 10200 },
      { startMs: 19700, endMs: 20050 },
    ]);
  });

  it("hears nothing in silence", () => {
    expect(speechSpans([], 5000)).toEqual([]);
  });

  it("maps times in the compacted audio back to the original", () => {
    const spans = [{ startMs: 1000, endMs: 3000 }, { startMs: 10_000, endMs: 11_000 }];
    const toOriginal = toOriginalTime(spans);
    expect(toOriginal(0)).toBe(1000);
    expect(toOriginal(1500)).toBe(2500);
    // in the gap after the first span: its end
    expect(toOriginal(2000 + COMPACTED_GAP_MS / 2)).toBe(3000);
    expect(toOriginal(2000 + COMPACTED_GAP_MS)).toBe(10_000);
    expect(toOriginal(2000 + COMPACTED_GAP_MS + 500)).toBe(10_500);
    expect(toOriginal(99_999)).toBe(11_000);
  });
});
