import type { ApiSegment } from "@/lib/api/contract/transcription";
import { formatBasic, MAX_PARAGRAPH_WORDS, PARAGRAPH_PAUSE_MS, SENTENCE_PAUSE_MS, splitLongParagraph } from "./basic";

type Word = NonNullable<ApiSegment["words"]>[number];

function seg(text: string, start_ms = 0, end_ms = start_ms + 1000, speaker: string | null = null, words: Word[] | null = null): ApiSegment {
  return { start_ms, end_ms, text, words, confidence: null, speaker };
}
/** Words one after another, 300 ms each, with `gapAfter[i]` ms of silence after word i. */
function timed(text: string, start = 0, gapAfter: Record<number, number> = {}): Word[] {
  let t = start;
  return text.split(" ").map((word, i) => {
    const w = { word, start_ms: t, end_ms: t + 300 };
    t += 300 + (gapAfter[i] ?? 100);
    return w;
  });
}

const CLEANUP = { cleanup: true, paragraphs: false };
const PARAGRAPHS = { cleanup: false, paragraphs: true };
const BOTH = { cleanup: true, paragraphs: true };
const clean = (text: string, language?: string) => formatBasic([seg(text)], { ...CLEANUP, language });

describe("thresholds", () => {
  it("are exported", () => {
    expect([SENTENCE_PAUSE_MS, PARAGRAPH_PAUSE_MS, MAX_PARAGRAPH_WORDS]).toEqual([700, 2000, 120]);
  });
});

describe("cleanup", () => {
  it("removes filler words and their commas", () => {
    expect(clean("So, um, I think the plan is fine.")).toBe("So, I think the plan is fine.");
    expect(clean("I was, uh, going to say, erm, that it works.")).toBe("I was going to say that it works.");
    expect(clean("Um, yeah. Uhh, hmm, we should ship it.")).toBe("Yeah. We should ship it.");
    expect(clean("It is ready, umm.")).toBe("It is ready.");
    expect(clean("Er, ah, mm, the budget")).toBe("The budget.");
    expect(clean("Um.")).toBe("");
  });

  it("keeps words that only look like fillers", () => {
    expect(clean("Mhm, uh-huh, the summer was hot, erroneous humming.")).toBe("Mhm, uh-huh, the summer was hot, erroneous humming.");
  });

  it("removes immediate word repetitions", () => {
    expect(clean("The the meeting is is over.")).toBe("The meeting is is over.");
    expect(clean("I I I think we we should go")).toBe("I think we should go.");
    expect(clean("I want the, um, the plan")).toBe("I want the plan.");
  });

  it("keeps doubles that are meant, repetitions across commas, and numbers", () => {
    expect(clean("I know that that works, and he had had enough.")).toBe("I know that that works, and he had had enough.");
    expect(clean("No, no, bye bye.")).toBe("No, no, bye bye.");
    expect(clean("It was 20 20 vision.")).toBe("It was 20 20 vision.");
  });

  it("collapses whitespace and removes spaces before punctuation", () => {
    expect(clean("  Hello ,   world .\n How are   you ?  ")).toBe("Hello, world. How are you?");
  });

  it("capitalises sentences and the pronoun I", () => {
    expect(clean("well. i think i'm right, i've said so, i'll go and i'd stay. really? yes! ok")).toBe(
      "Well. I think I'm right, I've said so, I'll go and I'd stay. Really? Yes! Ok.",
    );
  });

  it("adds a final period, replacing a trailing comma", () => {
    expect(clean("And so my fellow Americans,")).toBe("And so my fellow Americans.");
    expect(clean('He said "yes"')).toBe('He said "yes".');
    expect(clean("Is it done?")).toBe("Is it done?");
    expect(clean("I was going to-")).toBe("I was going to.");
  });

  it("leaves acronyms, numbers, URLs and e-mail addresses alone", () => {
    expect(clean("the U.S. team paid 3.5 million at 5 p.m. today, e.g. on www.example.com")).toBe(
      "The U.S. team paid 3.5 million at 5 p.m. today, e.g. on www.example.com.",
    );
    expect(clean("mail ana.b@example.org or see https://example.com/a_b?x=1. the NASA iPhone app")).toBe(
      "Mail ana.b@example.org or see https://example.com/a_b?x=1. The NASA iPhone app.",
    );
    expect(clean("ask Dr. Smith and John F. Kennedy")).toBe("Ask Dr. Smith and John F. Kennedy.");
    expect(clean("example.com is up")).toBe("example.com is up.");
  });

  it("treats abbreviations as part of the sentence: titles never end one, etc., Jr. and U.S. only before a capital", () => {
    expect(clean("i met mr. smith and mrs. jones. then dr. who left")).toBe("I met Mr. Smith and Mrs. Jones. Then Dr. Who left.");
    expect(clean("ms. lee vs. prof. king")).toBe("Ms. Lee vs. Prof. King.");
    // "St." may be a street: no sentence end, but the word after it is not taken for a name.
    expect(clean("we met on elm st. in june")).toBe("We met on elm St. in june.");
    expect(clean("apples, pears, etc. are fruit. we sell them, etc. Then we close")).toBe("Apples, pears, etc. are fruit. We sell them, etc. Then we close.");
    expect(clean("john smith jr. said so. he met John Smith Jr. Then he left")).toBe("John smith Jr. said so. He met John Smith Jr. Then he left.");
    expect(clean("the u.s. and u.k. agreed, e.g. on trade, i.e. on cars")).toBe("The U.S. and U.K. agreed, e.g. on trade, i.e. on cars.");
  });

  it("keeps the comma after an abbreviation, and does not take 'and' after a title for a name", () => {
    expect(clean("fruit, e.g., apples, etc., are fine")).toBe("Fruit, e.g., apples, etc., are fine.");
    expect(clean("we invited mr. and mrs. brown")).toBe("We invited Mr. and Mrs. Brown.");
  });

  it("recognises no other names, and leaves abbreviations alone outside English", () => {
    expect(clean("i called smith in london")).toBe("I called smith in london.");
    expect(clean("hablé con el dr. garcía", "es")).toBe("Hablé con el dr. garcía.");
  });

  it("does not capitalise after an ellipsis or closing quote that continues the sentence", () => {
    expect(clean('i was... thinking. he asked "why?" and left')).toBe('I was... thinking. He asked "why?" and left.');
  });

  it("applies the English-only rules only to English or an unknown language", () => {
    expect(clean("Er sagt, um zu gehen, die die Zeitung liest", "de")).toBe("Er sagt, um zu gehen, die die Zeitung liest.");
    expect(clean("mangio i biscotti", "it")).toBe("Mangio i biscotti.");
    expect(clean("Vous venez ? Oui !", "fr")).toBe("Vous venez ? Oui !");
    expect(clean("um i think so", "en-US")).toBe("I think so.");
  });

  it("turns unpunctuated lowercase text (PocketSphinx) into sentences at long pauses between words", () => {
    const text = "hello there i am here so um what now";
    const words = timed(text, 0, { 1: SENTENCE_PAUSE_MS + 1, 4: 1000, 5: SENTENCE_PAUSE_MS });
    expect(formatBasic([seg(text, 0, 6000, null, words)], CLEANUP)).toBe("Hello there. I am here. So what now.");
  });

  it("makes one sentence per segment when an unpunctuated transcript has no word timings", () => {
    expect(formatBasic([seg("good morning everyone", 0), seg("lets start", 1200)], BOTH)).toBe("Good morning everyone. Lets start.");
  });

  it("matches edited text to the word timings and ignores pauses it cannot place", () => {
    const words = timed("we will meet tomorrow then ok", 0, { 3: 1500, 4: 1500 });
    // "will" was edited out: the pause after "tomorrow" still counts. "ok" became "okay": the pause before it can't be placed.
    expect(formatBasic([seg("we meet tomorrow then okay", 0, 5000, null, words)], CLEANUP)).toBe("We meet tomorrow. Then okay.");
  });

  it("leaves punctuated transcripts' sentences alone even with long pauses", () => {
    const text = "We met, and then we left.";
    const words = timed(text, 0, { 1: 1500 });
    expect(formatBasic([seg(text, 0, 5000, null, words)], CLEANUP)).toBe("We met, and then we left.");
  });
});

describe("paragraphs", () => {
  it("joins segments into a paragraph and starts a new one at a pause of 2 s or more", () => {
    const segments = [
      seg("First part of the idea,", 0, 2000),
      seg("and its end.", 2100, 4000),
      seg("A pause just short of the limit.", 4000 + PARAGRAPH_PAUSE_MS - 1, 8000),
      seg("After the pause.", 8000 + PARAGRAPH_PAUSE_MS, 11000),
    ];
    expect(formatBasic(segments, PARAGRAPHS)).toBe("First part of the idea, and its end. A pause just short of the limit.\n\nAfter the pause.");
  });

  it("starts a paragraph with a speaker label at each change of speaker", () => {
    const segments = [
      seg("Hello, everyone.", 0, 1000, "Alice"),
      seg("Let's start.", 1000, 2000, "Alice"),
      seg("Sure.", 2000, 3000, "Bob"),
      seg("After a long pause.", 6000, 7000, "Bob"),
      seg("Thanks.", 7000, 8000, "Alice"),
      seg("Unknown voice.", 8000, 9000, null),
    ];
    expect(formatBasic(segments, PARAGRAPHS)).toBe(
      "**Alice:** Hello, everyone. Let's start.\n\n**Bob:** Sure.\n\nAfter a long pause.\n\n**Alice:** Thanks.\n\nUnknown voice.",
    );
  });

  it("breaks a paragraph of more than 120 words at a sentence end", () => {
    const sentence = (n: number) => `${Array.from({ length: 9 }, () => "word").join(" ")} ${n}.`; // 10 words
    const text = Array.from({ length: 13 }, (_, i) => sentence(i + 1)).join(" ");
    const paragraphs = formatBasic([seg(text, 0, 60_000, "Ann")], PARAGRAPHS).split("\n\n");
    expect(paragraphs.map((p) => p.split(" ").length)).toEqual([121, 10]); // the label adds one word
    expect(paragraphs[0].startsWith("**Ann:** word")).toBe(true);
    expect(paragraphs[0].endsWith("word 12.")).toBe(true);
    expect(paragraphs[1]).toBe(sentence(13));
  });

  it("keeps a single overlong sentence whole, and short paragraphs as they are", () => {
    const long = `${Array.from({ length: 130 }, () => "and").join(" ")}.`;
    expect(splitLongParagraph(long)).toEqual([long]);
    expect(splitLongParagraph("One. Two.")).toEqual(["One. Two."]);
    expect(splitLongParagraph("A b c. D e. F g h.", 4)).toEqual(["A b c.", "D e.", "F g h."]);
    expect(splitLongParagraph("Meet Dr. Who at 5 p.m. today. Then go.", 8)).toEqual(["Meet Dr. Who at 5 p.m. today.", "Then go."]);
  });

  it("without paragraphs, keeps one paragraph per segment", () => {
    const segments = [seg("one, um, two", 0, 1000, "A"), seg("three", 1000, 2000, "A"), seg("four", 5000, 6000, "B")];
    expect(formatBasic(segments, { cleanup: false, paragraphs: false })).toBe("**A:** one, um, two\n\nthree\n\n**B:** four");
    expect(formatBasic(segments, CLEANUP)).toBe("**A:** One, two.\n\nThree.\n\n**B:** Four.");
  });

  it("with cleanup and paragraphs together, cleans across segment boundaries", () => {
    const segments = [
      seg(" so, um, i think the", 0, 1000, "SPEAKER_00"),
      seg("the budget is is fine,", 1000, 2000, "SPEAKER_00"),
      seg("uh, agreed", 2500, 3000, "SPEAKER_01"),
      seg("um", 3000, 3200, "SPEAKER_00"),
      seg("thanks", 3500, 4000, "SPEAKER_01"),
    ];
    expect(formatBasic(segments, BOTH)).toBe(
      "**SPEAKER_00:** So, I think the budget is is fine.\n\n**SPEAKER_01:** Agreed.\n\nThanks.",
    );
  });

  it("escapes text that would otherwise turn into Markdown", () => {
    const segments = [seg("# 1 priority is 5 * 3", 0), seg("- yes", 5000), seg("1. open <b> the `door` _now_", 10_000)];
    expect(formatBasic(segments, PARAGRAPHS)).toBe("\\# 1 priority is 5 \\* 3\n\n\\- yes\n\n1\\. open \\<b> the \\`door\\` \\_now\\_");
  });

  it("returns an empty string for empty input", () => {
    expect(formatBasic([], BOTH)).toBe("");
    expect(formatBasic([seg("   ")], BOTH)).toBe("");
  });
});
