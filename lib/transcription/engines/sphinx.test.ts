import { parseSphinxOutput } from "./sphinx";

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
