import type { ApiSegment } from "@/lib/api/contract/transcription";
import type { ExportSource } from "@/lib/exports/document";

/** Word timings for `text`, one word every `stepMs` from `startMs`, each lasting 80% of a step. */
function timedWords(text: string, startMs: number, stepMs: number) {
  return text.split(" ").map((word, i) => ({
    word,
    start_ms: startMs + i * stepMs,
    end_ms: startMs + i * stepMs + Math.round(stepMs * 0.8),
    confidence: 0.9,
  }));
}

const LONG_TEXT =
  "Today we will walk through the quarterly numbers, then look at the hiring plan for the next two quarters, and finally answer your questions.";

/** Four segments: a speaker, a long one with word timings, markup characters with Cyrillic, and a long one without words. */
export const SEGMENTS: ApiSegment[] = [
  { start_ms: 0, end_ms: 3500, text: "Good morning, everyone.", words: null, confidence: 0.95, speaker: "Alice" },
  { start_ms: 3500, end_ms: 16000, text: LONG_TEXT, words: timedWords(LONG_TEXT, 3600, 500), confidence: 0.9, speaker: null },
  { start_ms: 16000, end_ms: 19000, text: "Is a < b &  c > d?\nПривет!", words: null, confidence: null, speaker: null },
  {
    start_ms: 65_000,
    end_ms: 80_000,
    text: "Without word timings this closing remark is split in proportion to its characters over the segment time.",
    words: null,
    confidence: null,
    speaker: "Bob",
  },
];

const FORMATTED = `# Weekly meeting

Alice opened the meeting. **Numbers** were reviewed.

## Action items

- Hire **two** engineers
- Answer questions

### Привет

Closing words.
`;

export function source(overrides: Partial<ExportSource> = {}): ExportSource {
  return {
    title: "Weekly Meeting",
    createdAt: new Date("2026-11-21T14:05:00Z"),
    durationS: 80,
    language: "English",
    segments: SEGMENTS,
    formattedMarkdown: FORMATTED,
    ...overrides,
  };
}
