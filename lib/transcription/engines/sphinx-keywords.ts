import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { VocabularyTerm, WordTiming } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { run } from "@/lib/process/run";
import { replacing } from "@/lib/text/replacements";
import { wordKey } from "@/lib/text/word-alignment";
import type { EngineSegment } from "./types";

/**
 * PocketSphinx's way with a vocabulary: keyword spotting. Its decoder only writes words of
 * its dictionary and language model, so a name it lacks comes out as other words ("Gutenberg"
 * → "he got a burger"). A second, cheap pass over the same audio (`-kws`, about 7 % of the
 * decoding) listens for each term by its phones; where it hears one and the decoder's words
 * at that time are other, uncertain words, the term is written over them.
 *
 * Never inserting a term where it was not said rests on three checks (bench:vocabulary
 * measures them on the test audio): a threshold per term by its length (a short term is
 * spotted by chance more often, so it needs a stricter one), a spot must cover words the
 * decoder heard (never silence), and those words' mean confidence must be below
 * UNSURE_BELOW (a decoder sure of other words is believed).
 */

/** The decoder's words under a spot are replaced only when it was this unsure of them. */
const UNSURE_BELOW = 0.7;

/** How strict the spotting is for a term of this many phones: the shorter, the stricter. */
export function thresholdFor(phones: number): string {
  if (phones <= 3) return "1e-10";
  if (phones <= 7) return "1e-20";
  return "1e-30";
}

export interface Keyword {
  /** its name in the spotting pass's own dictionary */
  name: string;
  term: string;
  phones: string[];
  threshold: string;
}

let dictionary: Promise<Map<string, string[]>> | null = null;

/** The model's pronunciation dictionary: each word's first pronunciation. */
function pronunciations(): Promise<Map<string, string[]>> {
  dictionary ??= readFile(path.join(path.dirname(env().POCKETSPHINX_MODEL_DIR), "cmudict-en-us.dict"), "utf8").then((text) => {
    const map = new Map<string, string[]>();
    for (const line of text.split("\n")) {
      const [word, ...phones] = line.trim().split(/\s+/);
      if (word && phones.length && !word.endsWith(")")) map.set(word, phones);
    }
    return map;
  });
  return dictionary;
}

/** The phones of a phrase whose every word the dictionary knows, or null. */
function phonesOf(phrase: string, dict: Map<string, string[]>): string[] | null {
  const phones: string[] = [];
  for (const word of phrase.toLowerCase().split(" ")) {
    const known = dict.get(word.replace(/[^a-z']/g, ""));
    if (!known) return null;
    phones.push(...known);
  }
  return phones;
}

/**
 * The terms PocketSphinx can listen for: spelt by the dictionary's words (the term's own, or
 * else its first "sounds like" hint made of known words). A term it cannot pronounce is left
 * to the other ways (its hints as replacements after recognition).
 */
export async function keywordsOf(vocabulary: readonly VocabularyTerm[]): Promise<Keyword[]> {
  if (!vocabulary.length) return [];
  const dict = await pronunciations();
  const keywords: Keyword[] = [];
  for (const v of vocabulary) {
    const phones = [v.term, ...v.sounds_like].map((p) => phonesOf(p, dict)).find((p) => p !== null);
    if (phones) keywords.push({ name: `term${keywords.length}`, term: v.term, phones, threshold: thresholdFor(phones.length) });
  }
  return keywords;
}

export interface Spot {
  term: string;
  startMs: number;
  endMs: number;
}

/** Where the spotting pass heard each term: lines of `name start end score`. */
export function parseSpots(stdout: string, keywords: readonly Keyword[]): Spot[] {
  const byName = new Map(keywords.map((k) => [k.name, k.term]));
  const spots: Spot[] = [];
  for (const line of stdout.split("\n")) {
    const m = /^(term\d+) +(\d+\.\d+) (\d+\.\d+) \S+$/.exec(line.trim());
    const term = m && byName.get(m[1]);
    if (term) spots.push({ term, startMs: Math.round(Number(m[2]) * 1000), endMs: Math.round(Number(m[3]) * 1000) });
  }
  return spots;
}

/** The spotting pass's two files in `dir`: the terms with their thresholds, and their pronunciations. */
export async function writeKeywordFiles(dir: string, keywords: readonly Keyword[]): Promise<{ kws: string; dict: string }> {
  const kws = path.join(dir, "terms.kws");
  const dict = path.join(dir, "terms.dict");
  await writeFile(kws, keywords.map((k) => `${k.name} /${k.threshold}/`).join("\n") + "\n");
  await writeFile(dict, keywords.map((k) => `${k.name} ${k.phones.join(" ")}`).join("\n") + "\n");
  return { kws, dict };
}

/** Runs the spotting pass over a 16 kHz WAV. */
export async function spotKeywords(wavPath: string, keywords: readonly Keyword[], options: { signal?: AbortSignal; timeoutMs: number }): Promise<Spot[]> {
  if (!keywords.length) return [];
  const dir = await mkdtemp(path.join(os.tmpdir(), "verbatim-kws-"));
  try {
    const { kws, dict } = await writeKeywordFiles(dir, keywords);
    const { code, stdout } = await run(env().POCKETSPHINX_PATH, ["-infile", wavPath, "-kws", kws, "-dict", dict, "-time", "yes", "-logfn", "/dev/null"], {
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
    return code === 0 ? parseSpots(stdout, keywords) : [];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const middle = (w: WordTiming) => (w.start_ms + w.end_ms) / 2;

/**
 * The decoder's segments with each spotted term written over the words it heard there:
 * contiguous words of one segment whose middles fall in the spot, other than the term, that
 * the decoder was unsure of. Anything else about a spot is left as the decoder wrote it.
 */
export function placeSpots(segments: readonly EngineSegment[], spots: readonly Spot[]): EngineSegment[] {
  const out = segments.map((s) => ({ ...s, words: s.words ? [...s.words] : undefined }));
  for (const spot of spots) {
    const segment = out.find((s) => s.words?.some((w) => middle(w) >= spot.startMs && middle(w) <= spot.endMs));
    if (!segment?.words) continue;
    const words = segment.words;
    const first = words.findIndex((w) => middle(w) >= spot.startMs && middle(w) <= spot.endMs);
    let last = first;
    while (last + 1 < words.length && middle(words[last + 1]) <= spot.endMs) last++;
    const heard = words.slice(first, last + 1);
    const termWords = spot.term.split(" ");
    if (heard.some((w) => w.replaced_from !== undefined)) continue;
    if (heard.map((w) => wordKey(w.word)).join(" ") === termWords.map(wordKey).join(" ")) continue;
    const sureness = heard.reduce((sum, w) => sum + (w.confidence ?? 1), 0) / heard.length;
    if (sureness >= UNSURE_BELOW) continue;
    // Only where the text is its words one for one: the change is marked on them, to be undone.
    const tokens = segment.text.split(/\s+/).filter(Boolean);
    if (tokens.length !== words.length || !words.every((w, i) => w.word === tokens[i])) continue;
    words.splice(first, heard.length, ...replacing(heard, termWords));
    segment.text = words.map((w) => w.word).join(" ");
  }
  return out;
}
