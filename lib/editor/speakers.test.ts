import { SpeakerName } from "@/lib/api/contract/transcription";
import { nameTaken, newSpeakerName, noSuchSpeaker, renamedTwice, renameProblems, renameSpeaker, renameSpeakers, speakerNames } from "./speakers";

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

  it("renames several speakers at once, in one step, so two can swap names", () => {
    const { before, after } = renameSpeakers(segments, [
      { from: "Speaker 1", to: "Speaker 2" },
      { from: "Speaker 2", to: "Speaker 1" },
      { from: "Nobody", to: "X" },
    ]);
    expect(before.map((s) => [s.position, s.speaker])).toEqual([[0, "Speaker 1"], [1, "Speaker 2"], [3, "Speaker 1"]]);
    expect(after).toEqual([
      { position: 0, text: "Welcome to the show.", speaker: "Speaker 2" },
      { position: 1, text: "Thanks for having me.", speaker: "Speaker 1" },
      { position: 3, text: "Let us begin.", speaker: "Speaker 2" },
    ]);
    // A name kept as it is changes nothing.
    expect(renameSpeakers(segments, [{ from: "Speaker 1", to: "Speaker 1" }])).toEqual({ before: [], after: [] });
  });

  it("says what is wrong with each rename: no such speaker, renamed twice, a name two speakers would have", () => {
    const names = ["Speaker 1", "Speaker 2", "Maya"];
    expect(renameProblems(names, [{ from: "Speaker 1", to: "Host" }, { from: "Speaker 2", to: "Guest" }])).toEqual([null, null]);
    // Swaps and chains: the names are compared as they will be afterwards.
    expect(renameProblems(names, [{ from: "Speaker 1", to: "Speaker 2" }, { from: "Speaker 2", to: "Speaker 1" }])).toEqual([null, null]);
    expect(renameProblems(names, [{ from: "Speaker 1", to: "Maya" }, { from: "Maya", to: "Host" }])).toEqual([null, null]);
    // Only the letter case of one's own name may change.
    expect(renameProblems(names, [{ from: "Maya", to: "MAYA" }])).toEqual([null]);
    expect(renameProblems(names, [{ from: "Speaker 1", to: "maya" }])).toEqual([nameTaken("maya")]);
    expect(renameProblems(names, [{ from: "Speaker 1", to: "Guest" }, { from: "Speaker 2", to: "guest" }])).toEqual([nameTaken("Guest"), nameTaken("guest")]);
    expect(renameProblems(names, [{ from: "Nobody", to: "Host" }])).toEqual([noSuchSpeaker("Nobody")]);
    expect(renameProblems(names, [{ from: "Speaker 1", to: "Host" }, { from: "Speaker 1", to: "Guest" }])).toEqual([null, renamedTwice("Speaker 1")]);
    expect(nameTaken("Maya")).toBe("Another speaker is also called “Maya”. Give each speaker a different name.");
  });

  it("accepts a trimmed name of 1 to 60 characters, and says what is wrong otherwise", () => {
    expect(SpeakerName.parse("  Interviewer ")).toBe("Interviewer");
    expect(SpeakerName.parse("Dr.\n  Who")).toBe("Dr. Who");
    expect(SpeakerName.safeParse("   ").error?.issues[0].message).toBe("Give the speaker a name.");
    expect(SpeakerName.safeParse("x".repeat(61)).error?.issues[0].message).toBe("Use at most 60 characters for a speaker name.");
    expect(SpeakerName.safeParse("x".repeat(60)).success).toBe(true);
  });
});
