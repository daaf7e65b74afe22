import { closeClockJumps } from "./sphinx";
import { parseSphinxOutput } from "./sphinx-output";

const OUTPUT = `and then our my arm arrow
<s> 0.000 0.040 0.998900
and 0.050 0.160 0.032758
then 0.170 0.670 0.213530
our(3) 0.680 0.980 0.207841
</s> 2.310 2.440 1.000000

<s> 2.500 2.600 1.000000
<sil> 2.600 2.900 0.9
</s> 2.900 3.100 1.000000
and not
<s> 3.170 3.280 1.000300
and(2) 3.290 3.730 0.985603
<sil> 3.740 3.980 0.828680
[NOISE] 3.980 3.990 0.5
not 3.990 4.300 0.817730
</s> 4.310 4.760 1.000000
`;

describe("parseSphinxOutput", () => {
  it("turns utterances into segments with word timings and confidence", () => {
    const segments = parseSphinxOutput(OUTPUT);
    expect(segments.map((s) => [s.startMs, s.endMs, s.text])).toEqual([
      [0, 2440, "and then our my arm arrow"],
      [3170, 4760, "and not"],
    ]);
    expect(segments[0].words).toEqual([
      { word: "and", start_ms: 50, end_ms: 160, confidence: 0.032758 },
      { word: "then", start_ms: 170, end_ms: 670, confidence: 0.21353 },
      { word: "our", start_ms: 680, end_ms: 980, confidence: 0.207841 },
    ]);
    expect(segments[1].words?.map((w) => w.word)).toEqual(["and", "not"]);
    expect(segments[1].confidence).toBeCloseTo((0.985603 + 0.81773) / 2);
  });

  it("drops utterances with no words and reads empty output as no segments", () => {
    expect(parseSphinxOutput("")).toEqual([]);
    expect(parseSphinxOutput("\n<s> 0.0 0.1 1.0\n</s> 0.1 0.2 1.0\n")).toEqual([]);
  });
});

describe("PocketSphinx's clock jumps", () => {
  const segment = (startMs: number, endMs: number) => ({
    startMs,
    endMs,
    text: "w",
    words: [{ word: "w", start_ms: startMs, end_ms: endMs }],
  });

  it("closes the gap that pushed the words past the end of the audio", () => {
    // As seen on a 73.3 s piece of continuous speech: 0–28.8 s, then 69.0–113.4 s.
    const repaired = closeClockJumps([segment(0, 28_800), segment(69_030, 113_370)], 73_330);
    expect(repaired[0]).toEqual(segment(0, 28_800));
    expect(repaired[1].startMs).toBeGreaterThanOrEqual(28_800);
    expect(repaired[1].endMs).toBeLessThanOrEqual(73_330);
    expect(repaired[1].words?.[0]).toEqual({ word: "w", start_ms: repaired[1].startMs, end_ms: repaired[1].endMs });
  });

  it("leaves times that fit the audio alone", () => {
    const fine = [segment(0, 2000), segment(30_000, 40_000)];
    expect(closeClockJumps(fine, 40_000)).toBe(fine);
  });

  it("closes the widest gaps first and never makes segments overlap", () => {
    const repaired = closeClockJumps([segment(0, 1000), segment(1500, 2000), segment(20_000, 21_000), segment(30_000, 31_000)], 22_000);
    for (let i = 1; i < repaired.length; i++) expect(repaired[i].startMs).toBeGreaterThanOrEqual(repaired[i - 1].endMs);
    expect(repaired.at(-1)!.endMs).toBeLessThanOrEqual(22_000);
    expect(repaired[1].startMs).toBe(1500);
  });
});
