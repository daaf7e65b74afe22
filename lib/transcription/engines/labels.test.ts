import { ENGINE_UNAVAILABLE, engineLabel, engineNote, engineSetupHint, languagesNote, preparingNote } from "./labels";

/** Words a customer should never need: they name what an operator does. */
const OPERATOR_WORDS = /administrator|whisper model|install|npm|OPENAI|TRANSCRIBE_ENGINE/i;

describe("what users read about engines", () => {
  it("names engines in words, never by id", () => {
    expect(engineLabel("sphinx")).toBe("Offline English engine");
    expect(engineLabel("whisper")).toBe("Whisper");
    expect(engineLabel("openai")).toBe("Speech API");
    expect(engineLabel("something-new")).toBe("Speech engine");
    expect(engineLabel(null)).toBeNull();
  });

  it("says what the offline engine's limits mean for the user's recordings", () => {
    expect(engineNote("sphinx")).toBe("Offline English engine: recordings in English only, with basic accuracy.");
    expect(engineNote("whisper")).toBeNull();
  });

  it("says which of the plan's languages this server does, and nothing when it does them all", () => {
    expect(languagesNote([{ name: "English" }], 10)).toBe("This server transcribes 1 of the 10 languages in your plan today: English.");
    const many = Array.from({ length: 25 }, (_, i) => ({ name: `L${i}` }));
    expect(languagesNote(many, 97)).toBe("This server transcribes 25 of the 97 languages in your plan today; the Language menu lists them.");
    expect(languagesNote(many, 25)).toBeNull();
  });

  it("says how far a better engine is, and who transcribes meanwhile", () => {
    expect(preparingNote(40, "Offline English engine")).toBe(
      "Preparing the speech engine: 40 %. When it is ready, more languages and better accuracy; until then, the Offline English engine transcribes.",
    );
    expect(preparingNote(0, null)).toMatch(/transcription starts when it is ready\.$/);
  });

  it("customer sentences carry no operator words; the admin panel's hint does", () => {
    const customer = [engineNote("sphinx"), languagesNote([{ name: "English" }], 10), preparingNote(5, "Offline English engine"), ENGINE_UNAVAILABLE];
    for (const text of customer) expect(text).not.toMatch(OPERATOR_WORDS);
    expect(engineSetupHint("sphinx")).toBe(
      "PocketSphinx transcribes English only, with basic accuracy. Add a whisper model (npm run models -- base) or a speech API (OPENAI_BASE_URL) for 99 languages and far better accuracy.",
    );
    expect(engineSetupHint("parakeet")).toMatch(/^Parakeet transcribes 25 European languages\./);
    expect(engineSetupHint("whisper")).toBeNull();
  });
});
