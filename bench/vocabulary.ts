/**
 * `npm run bench:vocabulary`: what a vocabulary does with PocketSphinx on the test audio, and
 * where the review of uncertain words should draw its line.
 *
 * 1. Keyword spotting, per threshold: the names the read speech holds that the model lacks
 *    (Gutenberg ×2, Schoeffer ×2, Sweynheim, Pannartz, Subiaco) and decoys said nowhere
 *    (Dashwood, Kubernetes, Quixote, Verbatim) are listened for in the read speech (359 s),
 *    the harbour reading (123 s) and JFK (11 s). Prints, per threshold, the names written
 *    right (corrections) and the terms written where they were not said (false insertions),
 *    and the word error rate of the read speech before and after.
 * 2. Word confidence: the decoder's words aligned with the reference text, and for each
 *    threshold the share of words marked, how many of them are wrong (precision) and how
 *    many of the wrong words are marked (recall).
 *
 *   npm run bench:vocabulary
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { VocabularyTerm, WordTiming } from "@/lib/db/schema";
import { run } from "@/lib/process/run";
import { inspectAndNormalise } from "@/lib/transcription/audio";
import { SPHINX_COMMAND } from "@/lib/transcription/engines/sphinx";
import { parseSphinxOutput } from "@/lib/transcription/engines/sphinx-output";
import { keywordsOf, placeSpots, spotKeywords, type Keyword } from "@/lib/transcription/engines/sphinx-keywords";
import type { EngineSegment } from "@/lib/transcription/engines/types";
import { normaliseWords, wordErrorRate } from "@/lib/transcription/wer";

const FIXTURES = path.resolve(__dirname, "../test/fixtures/audio");
const SAID = ["Gutenberg", "Schoeffer", "Sweynheim", "Pannartz", "Subiaco"];
const DECOYS = ["Dashwood", "Kubernetes", "Quixote", "Verbatim"];
const VOCABULARY: VocabularyTerm[] = [
  { term: "Gutenberg", sounds_like: [] },
  { term: "Schoeffer", sounds_like: ["shaffer"] },
  { term: "Sweynheim", sounds_like: ["swine heim"] },
  { term: "Pannartz", sounds_like: ["pan arts"] },
  { term: "Subiaco", sounds_like: ["sue bee ah co"] },
  { term: "Dashwood", sounds_like: ["dash wood"] },
  { term: "Kubernetes", sounds_like: ["koo burr net ease"] },
  { term: "Quixote", sounds_like: ["key hoe tea"] },
  { term: "Verbatim", sounds_like: [] },
];
/** null: each term's own threshold, by its length (lib/transcription/engines/sphinx-keywords.ts) */
const THRESHOLDS: Array<string | null> = [null, "1e-10", "1e-20", "1e-30", "1e-40"];
const MARK_AT = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

interface Clip {
  name: string;
  wav: string;
  seconds: number;
  reference: string | null;
  decoded: EngineSegment[];
}

const count = (text: string, term: string) => (text.match(new RegExp(`\\b${term}\\b`, "gi")) ?? []).length;
const textOf = (segments: EngineSegment[]) => segments.map((s) => s.text).join(" ");

async function decode(wav: string, seconds: number): Promise<EngineSegment[]> {
  const { stdout } = await run(SPHINX_COMMAND(), ["-infile", wav, "-time", "yes", "-logfn", "/dev/null"], { timeoutMs: 60_000 + seconds * 4000 });
  return parseSphinxOutput(stdout);
}

/** Each decoded word: right or wrong against the reference (a minimum-edit alignment). */
function judged(words: WordTiming[], reference: string): Array<{ confidence: number; right: boolean }> {
  const hyp = words.map((w) => normaliseWords(w.word)[0] ?? "");
  const ref = normaliseWords(reference);
  const n = hyp.length;
  const m = ref.length;
  const cost = Array.from({ length: n + 1 }, (_, i) => Int32Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) cost[i][j] = Math.min(cost[i - 1][j] + 1, cost[i][j - 1] + 1, cost[i - 1][j - 1] + (hyp[i - 1] === ref[j - 1] ? 0 : 1));
  }
  const right = new Array<boolean>(n).fill(false);
  for (let i = n, j = m; i > 0 && j >= 0; ) {
    if (j > 0 && cost[i][j] === cost[i - 1][j - 1] + (hyp[i - 1] === ref[j - 1] ? 0 : 1)) {
      right[i - 1] = hyp[i - 1] === ref[j - 1];
      i--;
      j--;
    } else if (cost[i][j] === cost[i - 1][j] + 1) i--;
    else j--;
  }
  return words.map((w, i) => ({ confidence: w.confidence ?? 1, right: right[i] }));
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-vocabulary-"));
  try {
    const clips: Clip[] = [];
    for (const [name, file, reference] of [
      ["read speech", "read-speech.ogg", "read-speech.txt"],
      ["harbour reading", "steady-reading.ogg", "steady-reading.txt"],
      ["JFK", "jfk.wav", null],
    ] as const) {
      const wav = path.join(dir, `${name.replace(/\W/g, "-")}.wav`);
      const { durationS } = await inspectAndNormalise(path.join(FIXTURES, file), wav);
      const started = Date.now();
      const decoded = await decode(wav, durationS);
      console.log(`decoded ${name} (${durationS.toFixed(0)} s of audio) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      clips.push({ name, wav, seconds: durationS, reference: reference && readFileSync(path.join(FIXTURES, reference), "utf8"), decoded });
    }
    const reading = clips[0];

    console.log("\nKeyword spotting: names written right / terms written where not said (all clips)");
    console.log("threshold        | corrected (of 7) | false insertions | read speech WER | kws pass time");
    const keywords = await keywordsOf(VOCABULARY);
    console.log(`(${keywords.length} terms spelt by the dictionary: ${keywords.map((k) => `${k.term} ${k.phones.length} phones ${k.threshold}`).join(", ")})`);
    const plainWer = wordErrorRate(reading.reference!, textOf(reading.decoded));
    for (const threshold of THRESHOLDS) {
      const listened: Keyword[] = keywords.map((k) => ({ ...k, threshold: threshold ?? k.threshold }));
      let corrected = 0;
      let inserted = 0;
      let spent = 0;
      let wer = plainWer;
      for (const clip of clips) {
        const started = Date.now();
        const spots = await spotKeywords(clip.wav, listened, { timeoutMs: 600_000 });
        spent += Date.now() - started;
        const text = textOf(placeSpots(clip.decoded, spots));
        for (const term of [...SAID, ...DECOYS]) {
          const said = clip.reference ? count(clip.reference, term) : 0;
          const written = count(text, term) - count(textOf(clip.decoded), term);
          corrected += Math.min(said, written);
          inserted += Math.max(0, written - said);
        }
        if (clip === reading) wer = wordErrorRate(clip.reference!, text);
      }
      const label = threshold ?? "by length (now)";
      console.log(`${label.padEnd(16)} | ${String(corrected).padStart(16)} | ${String(inserted).padStart(16)} | ${(plainWer * 100).toFixed(1)} % → ${(wer * 100).toFixed(1)} % | ${(spent / 1000).toFixed(1)} s`);
    }

    console.log("\nWord confidence (read speech + harbour reading): marking the words below each line");
    console.log("mark below | words marked | marked that are wrong (precision) | wrong words marked (recall)");
    const all = clips.filter((c) => c.reference).flatMap((c) => judged(c.decoded.flatMap((s) => s.words ?? []), c.reference!));
    const wrong = all.filter((w) => !w.right).length;
    for (const at of MARK_AT) {
      const marked = all.filter((w) => w.confidence < at);
      const hits = marked.filter((w) => !w.right).length;
      console.log(
        `${at.toFixed(1).padStart(10)} | ${String(marked.length).padStart(5)} of ${all.length} (${((marked.length / all.length) * 100).toFixed(0)} %) | ${marked.length ? ((hits / marked.length) * 100).toFixed(0) : "—"} % | ${((hits / wrong) * 100).toFixed(0)} % of ${wrong}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
