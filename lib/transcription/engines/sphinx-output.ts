import type { WordTiming } from "@/lib/db/schema";
import type { EngineSegment } from "./types";

/**
 * The segments in what CMU PocketSphinx's CLI prints with `-time yes`: each utterance's
 * hypothesis line followed by one line per word, `word start end confidence`.
 */
export function parseSphinxOutput(stdout: string): EngineSegment[] {
  const segments: EngineSegment[] = [];
  let hypothesis = "";
  let current: { text: string; words: WordTiming[]; start: number } | null = null;
  for (const raw of stdout.split("\n")) {
    const line = raw.trim();
    const timed = /^(\S+) (\d+\.\d+) (\d+\.\d+) (-?\d+(?:\.\d+)?)$/.exec(line);
    if (!timed) {
      // The hypothesis line comes before its utterance's word lines.
      hypothesis = line;
      continue;
    }
    const [, token, start, end, confidence] = timed;
    const startMs = Math.round(Number(start) * 1000);
    const endMs = Math.round(Number(end) * 1000);
    if (token === "<s>") {
      current = { text: hypothesis, words: [], start: startMs };
      hypothesis = "";
    } else if (token === "</s>") {
      if (current?.text) {
        const confidences = current.words.map((w) => w.confidence ?? 0);
        segments.push({
          startMs: current.start,
          endMs,
          text: current.text,
          words: current.words,
          confidence: confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : undefined,
        });
      }
      current = null;
    } else if (current && !/^(<|\[|\+\+)/.test(token)) {
      // "our(3)" is the dictionary's third pronunciation of "our".
      current.words.push({ word: token.replace(/\(\d+\)$/, ""), start_ms: startMs, end_ms: endMs, confidence: Number(confidence) });
    }
  }
  return segments;
}
