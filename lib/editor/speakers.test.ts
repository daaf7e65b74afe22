import { SpeakerName } from "@/lib/api/contract/transcriptions-input";
import { newSpeakerName, renameSpeaker, speakerNames } from "./speakers";

const segments = [
  { text: "Welcome to the show.", speaker: "Speaker 1" },
  { text: "Thanks for having me.", speaker: "Speaker 2" },
  { text: "(music)", speaker: null },
  { text: "Let us begin.", speaker: "Speaker 1" },
];

describe("speakers", () => {
  it("lists each speaker once, in the order they first speak", () => {
    expect(speakerNames(segments)).toEqual(["Speaker 1", "Speaker 2"]);
    expect(speakerNames([{ speaker: null }])).toEqual([]);
  });

  it("names a new speaker with the first free number", () => {
    expect(newSpeakerName([])).toBe("Speaker 1");
    expect(newSpeakerName(["Speaker 1", "Speaker 2"])).toBe("Speaker 3");
    expect(newSpeakerName(["Interviewer", "Speaker 2"])).toBe("Speaker 1");
  });

  it("renames a speaker in every segment they speak, once, and nowhere else", () => {
    const { before, after } = renameSpeaker(segments, "Speaker 1", "Interviewer");
    expect(before).toEqual([
      { position: 0, text: "Welcome to the show.", speaker: "Speaker 1" },
      { position: 3, text: "Let us begin.", speaker: "Speaker 1" },
    ]);
    expect(after).toEqual([
      { position: 0, text: "Welcome to the show.", speaker: "Interviewer" },
      { position: 3, text: "Let us begin.", speaker: "Interviewer" },
    ]);
    expect(renameSpeaker(segments, "Nobody", "X")).toEqual({ before: [], after: [] });
  });

  it("accepts a trimmed name of 1 to 60 characters, and says what is wrong otherwise", () => {
    expect(SpeakerName.parse("  Interviewer ")).toBe("Interviewer");
    expect(SpeakerName.parse("Dr.\n  Who")).toBe("Dr. Who");
    expect(SpeakerName.safeParse("   ").error?.issues[0].message).toBe("Give the speaker a name.");
    expect(SpeakerName.safeParse("x".repeat(61)).error?.issues[0].message).toBe("Use at most 60 characters for a speaker name.");
    expect(SpeakerName.safeParse("x".repeat(60)).success).toBe(true);
  });
});
