import type { ApiSegment } from "@/lib/api/contract/transcription";
import { buildCues, MAX_CUE_MS, MAX_LINE_CHARS, MAX_LINES, wrapLines, type Cue } from "./cues";
import { formatCueTime } from "./subtitles";
import { SEGMENTS } from "@/test/support/export-source";

const segment = (start_ms: number, end_ms: number, text: string, extra: Partial<ApiSegment> = {}): ApiSegment => ({
  start_ms,
  end_ms,
  text,
  words: null,
  confidence: null,
  speaker: null,
  ...extra,
});

/** A deterministic pseudo-random sentence of `count` words of 1–12 letters. */
function sentence(count: number, seed: number): string {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: count }, () => "abcdefghijkl".slice(0, 1 + (next() % 12))).join(" ");
}

function wordsFor(text: string, startMs: number, stepMs: number) {
  return text.split(" ").map((word, i) => ({ word, start_ms: startMs + i * stepMs, end_ms: startMs + (i + 1) * stepMs - 50 }));
}

function expectReadable(cues: Cue[]): void {
  let previousEnd = 0;
  for (const cue of cues) {
    expect(cue.endMs).toBeGreaterThan(cue.startMs); // never zero-length
    expect(cue.startMs).toBeGreaterThanOrEqual(previousEnd); // in order, never overlapping
    previousEnd = cue.endMs;
    // Only a single word too long for a line may break the limits, on a line of its own.
    const isOneWord = (line: string) => !line.includes(" ");
    if (!(cue.lines.length === 1 && isOneWord(cue.lines[0]))) expect(cue.lines.length).toBeLessThanOrEqual(MAX_LINES);
    for (const line of cue.lines) {
      if (!isOneWord(line)) expect(Array.from(line).length).toBeLessThanOrEqual(MAX_LINE_CHARS);
      expect(line.trim()).toBe(line);
      expect(line).not.toBe("");
    }
  }
}

test("wrapLines breaks at word boundaries and lets a too-long word stand alone", () => {
  expect(wrapLines("the quick brown fox jumps over the lazy dog again and again".split(" "))).toEqual([
    "the quick brown fox jumps over the lazy",
    "dog again and again",
  ]);
  const long = "x".repeat(50);
  expect(wrapLines(["a", long, "b"])).toEqual(["a", long, "b"]);
});

test("the fixture's cues follow the rules", () => {
  expectReadable(buildCues(SEGMENTS));
});

test("long segments, with and without word timings, become short readable cues", () => {
  const withWords = sentence(120, 7);
  const withoutWords = sentence(90, 11);
  const cues = buildCues([
    segment(0, 60_000, withWords, { words: wordsFor(withWords, 0, 500), speaker: "Dr. Somebody Long-Named" }),
    segment(60_000, 100_000, withoutWords),
  ]);
  expectReadable(cues);
  // About seven seconds at most: here every word is short, so the limit holds exactly.
  for (const cue of cues) expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(MAX_CUE_MS);
  expect(cues.filter((c) => c.lines[0].startsWith("Dr. Somebody Long-Named: ")).length).toBeGreaterThan(4);
  // All the words are there, in order.
  const shown = cues.map((c) => c.lines.join(" ").replace("Dr. Somebody Long-Named: ", "")).join(" ");
  expect(shown).toBe(`${withWords} ${withoutWords}`);
});

test("bad timings: zero-length, overlapping and inverted segments still give valid cues", () => {
  const cues = buildCues([
    segment(5000, 5000, "zero length"),
    segment(4000, 9000, "overlaps the previous one"),
    segment(9000, 8000, "ends before it starts"),
    segment(9500, 12_000, "a b c", { words: [{ word: "a", start_ms: 11_000, end_ms: 10_000 }, { word: "b", start_ms: 500, end_ms: 600 }, { word: "c", start_ms: 99_000, end_ms: 99_500 }] }),
    segment(12_000, 13_000, "   "),
    segment(13_000, 14_000, `${"z".repeat(60)} tail`),
  ]);
  expectReadable(cues);
  expect(cues).toHaveLength(5); // the blank segment has no cue
});

test("word timings that no longer match the edited text fall back to proportional times", () => {
  const [cue] = buildCues([segment(1000, 3000, "edited text here", { words: wordsFor("original", 1000, 100) })]);
  expect(cue).toEqual({ startMs: 1000, endMs: 3000, lines: ["edited text here"] });
});

test("cue times", () => {
  expect(formatCueTime(3_723_004, ",")).toBe("01:02:03,004");
  expect(formatCueTime(0, ".")).toBe("00:00:00.000");
  expect(formatCueTime(36_000_000, ".")).toBe("10:00:00.000");
});
