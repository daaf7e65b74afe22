/** @run-alone: real PocketSphinx on a minute of speech keeps a core busy (jest.config.mjs). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { VocabularyTerm } from "@/lib/db/schema";
import { BYTES_PER_SECOND, WAV_HEADER_BYTES, wavHeader } from "@/lib/audio/wav";
import { useTestEnv } from "@/test/support/env";
import { inspectAndNormalise } from "../audio";
import { sphinxEngine } from "./sphinx";
import { sphinxLive } from "./sphinx-live";
import { parseSpots, placeSpots, thresholdFor, type Keyword } from "./sphinx-keywords";

const FIXTURES = path.resolve(__dirname, "../../../test/fixtures/audio");

/** Names of the read speech the model lacks: it heard "he got member", "slaying heim and can arts", "soup yeah go". */
const PRINTERS: VocabularyTerm[] = [
  { term: "Gutenberg", sounds_like: [] },
  { term: "Sweynheim", sounds_like: ["swine heim"] },
  { term: "Pannartz", sounds_like: ["pan arts"] },
  { term: "Subiaco", sounds_like: ["sue bee ah co"] },
  { term: "Dashwood", sounds_like: ["dash wood"] },
];

const words = (texts: string[]) => texts.join(" ").split(" ");
const textOf = (segments: Array<{ text: string }>) => segments.map((s) => s.text).join(" ");

describe("PocketSphinx with a vocabulary: keyword spotting on real speech", () => {
  useTestEnv();
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-kws-test-"));
  const clip = (name: string, fromS: number, seconds: number, whole: string) => {
    const data = readFileSync(whole).subarray(WAV_HEADER_BYTES + fromS * BYTES_PER_SECOND, WAV_HEADER_BYTES + (fromS + seconds) * BYTES_PER_SECOND);
    const file = path.join(dir, name);
    writeFileSync(file, Buffer.concat([wavHeader(data.length), data]));
    return file;
  };
  let gutenberg = "";
  let subiaco = "";
  let harbour = "";
  const jfk = path.join(FIXTURES, "jfk.wav");
  beforeAll(async () => {
    const reading = path.join(dir, "read.wav");
    await inspectAndNormalise(path.join(FIXTURES, "read-speech.ogg"), reading);
    gutenberg = clip("gutenberg.wav", 150, 16, reading);
    subiaco = clip("subiaco.wav", 340, 19, reading);
    const steady = path.join(dir, "steady.wav");
    await inspectAndNormalise(path.join(FIXTURES, "steady-reading.ogg"), steady);
    harbour = clip("harbour.wav", 0, 30, steady);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the names it misheard as the vocabulary spells them", async () => {
    const plain = await sphinxEngine.transcribe({ wavPath: subiaco, durationS: 19, language: "en" });
    expect(textOf(plain.segments)).not.toMatch(/Subiaco|Sweynheim|Pannartz/);
    const heard = await sphinxEngine.transcribe({ wavPath: subiaco, durationS: 19, language: "en", vocabulary: PRINTERS });
    const text = textOf(heard.segments);
    expect(text).toContain("Subiaco");
    expect(text).toContain("Pannartz");
    // Each written term is marked with what the decoder heard there, for the editor to undo.
    const subiacoWord = heard.segments.flatMap((s) => s.words ?? []).find((w) => w.word === "Subiaco")!;
    expect(subiacoWord.replaced_from).toMatch(/soup|yeah|go/);
    expect(subiacoWord.start_ms).toBeGreaterThan(0);
    const g = await sphinxEngine.transcribe({ wavPath: gutenberg, durationS: 16, language: "en", vocabulary: PRINTERS });
    expect(textOf(g.segments)).toContain("Gutenberg");
  }, 120_000);

  it("listens for the terms in a live recording too, as the audio arrives", async () => {
    const heard: string[] = [];
    const live = await sphinxLive({ language: "en", offsetMs: 0, workDir: dir, vocabulary: PRINTERS, onUtterance: async (u) => void heard.push(u.text) });
    const pcm = readFileSync(subiaco).subarray(WAV_HEADER_BYTES);
    // A second of audio per write, as the recording's chunks come.
    for (let at = 0; at < pcm.length; at += BYTES_PER_SECOND) await live.write(pcm.subarray(at, at + BYTES_PER_SECOND));
    await live.end();
    expect(heard.join(" ")).toContain("Subiaco");
    expect(heard.join(" ")).toContain("Pannartz");
  }, 120_000);

  it("inserts no term into speech where it was not said", async () => {
    for (const [file, seconds] of [[jfk, 11], [harbour, 30]] as const) {
      const plain = await sphinxEngine.transcribe({ wavPath: file, durationS: seconds, language: "en" });
      const heard = await sphinxEngine.transcribe({ wavPath: file, durationS: seconds, language: "en", vocabulary: PRINTERS });
      expect(textOf(heard.segments)).toBe(textOf(plain.segments));
    }
  }, 120_000);
});

describe("placing spotted terms", () => {
  const seg = (text: string, confidence: number) => {
    const ws = text.split(" ").map((word, i) => ({ word, start_ms: 1000 + i * 300, end_ms: 1300 + i * 300, confidence }));
    return { startMs: 1000, endMs: 1000 + ws.length * 300, text, words: ws };
  };

  it("writes the term over the unsure words under the spot, and keeps the rest", () => {
    const [placed] = placeSpots([seg("the soup yeah go near rome", 0.4)], [{ term: "Subiaco", startMs: 1300, endMs: 2200 }]);
    expect(placed.text).toBe("the Subiaco near rome");
    expect(placed.words![1]).toMatchObject({ word: "Subiaco", start_ms: 1300, end_ms: 2200, replaced_from: "soup yeah go", replaced_words: 1 });
  });

  it("believes a decoder sure of its words, and never writes a term where no word was heard", () => {
    expect(textOf(placeSpots([seg("the soup yeah go near rome", 0.9)], [{ term: "Subiaco", startMs: 1300, endMs: 2200 }]))).toBe("the soup yeah go near rome");
    expect(textOf(placeSpots([seg("the soup", 0.2)], [{ term: "Subiaco", startMs: 5000, endMs: 6000 }]))).toBe("the soup");
  });

  it("reads the spotting pass's lines, and is stricter with shorter terms", () => {
    const keywords: Keyword[] = [{ name: "term0", term: "Don Quixote", phones: words(["D AA N", "K IY HH OW T IY"]), threshold: "1e-30" }];
    expect(parseSpots("term0  12.340 13.100 0.83\nnoise 1.0 2.0 1\n", keywords)).toEqual([{ term: "Don Quixote", startMs: 12340, endMs: 13100 }]);
    expect([thresholdFor(3), thresholdFor(4), thresholdFor(7), thresholdFor(8)]).toEqual(["1e-10", "1e-20", "1e-20", "1e-30"]);
  });
});
