import type { Diarization } from "@/lib/speakers/diarization";
import type { EngineSegment } from "./engines/types";
import { labelSpeakers } from "./speaker-segments";

/** Words of 400 ms with 100 ms between them, from `startMs`. */
function words(startMs: number, ...texts: string[]) {
  return texts.map((word, i) => ({ word, start_ms: startMs + i * 500, end_ms: startMs + i * 500 + 400, confidence: 0.9 }));
}

function segment(startMs: number, ...texts: string[]): EngineSegment {
  const w = words(startMs, ...texts);
  return { startMs, endMs: w.at(-1)!.end_ms, text: texts.join(" "), words: w, confidence: 0.8 };
}

const voices = (turns: Diarization["turns"], count = 2): Diarization => ({
  diarizer: "basic",
  turns,
  speakers: Array.from({ length: count }, (_, speaker) => ({ speaker, seconds: 10, embedding: [speaker, 1] })),
});

describe("labelling a transcript's segments by speaker", () => {
  it("cuts a segment where the speaker changes, each word to the turn that covers most of it", () => {
    // Words at 0–400, 500–900, 1000–1400, 1500–1900; the turn changes at 1100 ms, inside the third word.
    const { segments, speakers } = labelSpeakers([segment(0, "Hello", "there.", "Hi", "Ann.")], voices([
      { startMs: 0, endMs: 1100, speaker: 0 },
      { startMs: 1100, endMs: 2000, speaker: 1 },
    ]));
    expect(segments.map((s) => [s.speaker, s.text, s.startMs, s.endMs])).toEqual([
      ["Speaker 1", "Hello there.", 0, 900],
      ["Speaker 2", "Hi Ann.", 1000, 1900],
    ]);
    expect(segments[1].words?.map((w) => w.word)).toEqual(["Hi", "Ann."]);
    expect(speakers.map((s) => [s.speaker, s.name])).toEqual([
      [0, "Speaker 1"],
      [1, "Speaker 2"],
    ]);
  });

  it("names speakers in the order they are first heard in the text, and leaves out a voice that said no word", () => {
    const found: Diarization = {
      diarizer: "sherpa-onnx",
      turns: [
        { startMs: 0, endMs: 1000, speaker: 2 },
        { startMs: 5000, endMs: 6000, speaker: 0 },
        { startMs: 9000, endMs: 9500, speaker: 1 },
      ],
      speakers: [0, 1, 2].map((speaker) => ({ speaker, seconds: 1, embedding: [1, speaker] })),
    };
    const { segments, speakers } = labelSpeakers([segment(0, "First"), segment(5000, "Second")], found);
    expect(segments.map((s) => s.speaker)).toEqual(["Speaker 1", "Speaker 2"]);
    expect(speakers.map((s) => [s.name, s.embedding])).toEqual([
      ["Speaker 1", [1, 2]],
      ["Speaker 2", [1, 0]],
    ]);
  });

  it("gives words in a gap between turns to the nearest turn, and segments without word timings by their span", () => {
    const found = voices([
      { startMs: 0, endMs: 1000, speaker: 0 },
      { startMs: 3000, endMs: 4000, speaker: 1 },
    ]);
    const { segments } = labelSpeakers(
      [segment(1100, "near", "the"), { startMs: 2900, endMs: 4000, text: "no timings here" }],
      found,
    );
    expect(segments.map((s) => [s.speaker, s.text])).toEqual([
      ["Speaker 1", "near the"],
      ["Speaker 2", "no timings here"],
    ]);
  });

  it("keeps the words of a long turn with its speaker when a short turn of another lies inside it", () => {
    // A speaks 0–60 s; B says "mm-hm" at 20–21 s and speaks again at 65 s.
    const found = voices([
      { startMs: 0, endMs: 60_000, speaker: 0 },
      { startMs: 20_000, endMs: 21_000, speaker: 1 },
      { startMs: 65_000, endMs: 70_000, speaker: 1 },
    ]);
    const { segments } = labelSpeakers([segment(0, "Well"), segment(20_000, "Mm-hm."), segment(30_000, "As", "I", "said"), segment(65_000, "Right.")], found);
    expect(segments.map((s) => [s.speaker, s.text])).toEqual([
      ["Speaker 1", "Well"],
      ["Speaker 2", "Mm-hm."],
      ["Speaker 1", "As I said"],
      ["Speaker 2", "Right."],
    ]);
  });

  it("leaves the transcript as it is when detection heard nobody", () => {
    const input = [segment(0, "Alone")];
    expect(labelSpeakers(input, voices([], 0))).toEqual({ segments: input, speakers: [] });
  });
});
