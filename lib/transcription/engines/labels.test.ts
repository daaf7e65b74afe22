import { engineLabel, engineNote, languagesNote } from "./labels";

describe("what users read about engines", () => {
  it("names engines in words, never by id", () => {
    expect(engineLabel("sphinx")).toBe("Offline English engine");
    expect(engineLabel("whisper")).toBe("Whisper");
    expect(engineLabel("openai")).toBe("Speech API");
    expect(engineLabel("something-new")).toBe("Speech engine");
    expect(engineLabel(null)).toBeNull();
  });

  it("says the offline engine's limits and what an administrator can do about them", () => {
    expect(engineNote("sphinx")).toBe(
      "Offline English engine — basic accuracy. An administrator can add a whisper model for 99 languages and far better accuracy.",
    );
    expect(engineNote("whisper")).toBeNull();
  });

  it("counts the plan's languages the engine cannot do, and says nothing when it can do them all", () => {
    expect(languagesNote(1, 10)).toBe(
      "9 of the 10 languages in your plan need a multilingual engine on this server; an administrator can add a whisper model or a speech API for them.",
    );
    expect(languagesNote(10, 10)).toBeNull();
  });
});
