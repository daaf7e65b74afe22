import type { WordTiming } from "@/lib/db/schema";
import { withoutLoops, wordsFromTokens } from "./whisper-words";

const tokens = (...parts: Array<[string, number, number]>) => parts.map(([text, t0, t1]) => ({ text, t0, t1 }));
const words = (text: string): WordTiming[] => text.split(" ").map((word, i) => ({ word, start_ms: i * 100, end_ms: i * 100 + 90 }));

describe("whisper's tokens as words", () => {
  it("joins the pieces of a word, keeping the first start and the last end", () => {
    expect(wordsFromTokens(tokens([" And", 0, 200], [" so", 200, 350], [" Amer", 400, 600], ["ica", 600, 800], [",", 800, 810]))).toEqual([
      { word: "And", start_ms: 0, end_ms: 200 },
      { word: "so", start_ms: 200, end_ms: 350 },
      { word: "America,", start_ms: 400, end_ms: 810 },
    ]);
  });

  it("drops what whisper heard that nobody said: [BLANK_AUDIO], (music), ♪", () => {
    const heard = tokens(
      [" [", 0, 10], ["BL", 10, 20], ["ANK", 20, 30], ["_", 30, 40], ["AUDIO", 40, 50], ["]", 50, 60],
      [" Hello", 100, 300],
      [" (", 300, 310], ["upbeat", 310, 320], [" music", 320, 330], [")", 330, 340],
      [" ♪", 400, 410],
      [" there.", 500, 700],
    );
    expect(wordsFromTokens(heard).map((w) => w.word)).toEqual(["Hello", "there."]);
  });

  it("gives a word that ends before it starts no negative length", () => {
    expect(wordsFromTokens(tokens([" odd", 500, 400]))).toEqual([{ word: "odd", start_ms: 500, end_ms: 500 }]);
  });
});

describe("whisper's loops", () => {
  it("keeps a phrase said once and drops it repeated four times and more", () => {
    const looped = words("we choose to go. Thank you. Thank you. Thank you. Thank you. Thank you.");
    expect(withoutLoops(looped).map((w) => w.word).join(" ")).toBe("we choose to go. Thank you.");
  });

  it("keeps what people really repeat: a word twice, a phrase three times", () => {
    const said = "no no I said it it it three times, three times, three times";
    expect(withoutLoops(words(said)).map((w) => w.word).join(" ")).toBe(said);
  });

  it("catches a single word looping", () => {
    expect(withoutLoops(words("the the the the the end")).map((w) => w.word)).toEqual(["the", "end"]);
  });
});
