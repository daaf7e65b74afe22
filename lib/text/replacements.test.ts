import type { WordTiming } from "@/lib/db/schema";
import { applyRules, compileRules, rewriteSegment } from "./replacements";

const timedWords = (text: string, from = 1000, each = 400): WordTiming[] =>
  text.split(" ").map((word, i) => ({ word, start_ms: from + i * each, end_ms: from + (i + 1) * each, confidence: 0.4 }));

describe("replacements after recognition", () => {
  const rules = compileRules(
    [
      { find: "mr john guess what", replace: "Mister John Dashwood" },
      { find: "e-mail", replace: "email" },
    ],
    [
      { term: "Dashwood", sounds_like: ["dash wood"] },
      { term: "Kubernetes", sounds_like: ["cooper net ease"] },
      { term: "iPhone", sounds_like: [] },
      { term: "New York", sounds_like: [] },
      { term: "Will", sounds_like: [] },
      { term: "US", sounds_like: [] },
    ],
  );

  it("writes a misheard phrase as the rule says, keeping its time and punctuation, and marks what the engine heard", () => {
    const words = applyRules(timedWords("and mr John guess what, said"), rules)!;
    expect(words.map((w) => w.word)).toEqual(["and", "Mister", "John", "Dashwood,", "said"]);
    // The written words share the heard span (1400–3000 ms); the rest keep theirs.
    expect(words[1].start_ms).toBe(1400);
    expect(words[3].end_ms).toBe(3000);
    expect(words[4]).toEqual({ word: "said", start_ms: 3000, end_ms: 3400, confidence: 0.4 });
    expect(words[1]).toMatchObject({ replaced_from: "mr John guess what,", replaced_words: 3 });
    // They keep the engine's least confidence in what it heard there, so they are still reviewed.
    expect(words.slice(1, 4).map((w) => w.confidence)).toEqual([0.4, 0.4, 0.4]);
    expect(words[2].replaced_from).toBeUndefined();
  });

  it("writes a term's hint as the term, and a distinctive term in another case as the user spells it", () => {
    expect(applyRules(timedWords("we run cooper net ease here"), rules)!.map((w) => w.word)).toEqual(["we", "run", "Kubernetes", "here"]);
    expect(applyRules(timedWords("my iphone. in new york"), rules)!.map((w) => w.word)).toEqual(["my", "iPhone.", "in", "New", "York"]);
    // A one-word term only capitalised, or in capitals, is also an everyday word: "will" and "us" stay.
    expect(applyRules(timedWords("ask dashwood, it will help us"), rules)).toBeNull();
  });

  it("changes nothing where nothing matches, or where the words are already as written", () => {
    expect(applyRules(timedWords("the harbour town wakes slowly"), rules)).toBeNull();
    expect(applyRules(timedWords("Mister John Dashwood came"), rules)).toBeNull();
    // Whole words only: "wood" inside another word is not a hint.
    expect(applyRules(timedWords("dash woodland"), rules)).toBeNull();
  });

  it("rewrites a segment by its words; a text its words do not pair with is left as it is (a change there could not be undone)", () => {
    const paired = rewriteSegment({ text: "send an e-mail", words: timedWords("send an e-mail") }, rules)!;
    expect(paired.text).toBe("send an email");
    expect(paired.words[2]).toMatchObject({ word: "email", replaced_from: "e-mail" });
    expect(rewriteSegment({ text: "send an e-mail today", words: null }, rules)).toBeNull();
    expect(rewriteSegment({ text: "send an e-mail today", words: timedWords("send an e-mail") }, rules)).toBeNull();
  });

  it("does not rewrite what a rule wrote: applied twice, the words are as after once", () => {
    const growing = compileRules([{ find: "John", replace: "John Dashwood" }], []);
    const once = applyRules(timedWords("ask John now"), growing)!;
    expect(once.map((w) => w.word)).toEqual(["ask", "John", "Dashwood", "now"]);
    expect(applyRules(once, growing)).toBeNull();
  });
});
