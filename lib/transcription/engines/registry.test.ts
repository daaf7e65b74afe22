import { useTestEnv } from "@/test/support/env";
import { NO_ENGINE_MESSAGE, chooseEngine } from "./registry";

describe("chooseEngine", () => {
  useTestEnv();
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("picks PocketSphinx when there is no whisper model and no API", async () => {
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_API_KEY;
    const choice = await chooseEngine();
    expect(choice.engine?.name).toBe("sphinx");
    expect(choice.statuses?.whisper.available).toBe(false);
    expect(choice.statuses?.openai.available).toBe(false);
  });

  it("prefers a configured API over PocketSphinx", async () => {
    process.env.OPENAI_BASE_URL = "http://127.0.0.1:9/v1";
    expect((await chooseEngine()).engine?.name).toBe("openai");
  });

  it("says why when a forced engine is not available", async () => {
    process.env.TRANSCRIBE_ENGINE = "whisper";
    const choice = await chooseEngine();
    expect(choice.engine).toBeNull();
    expect(choice.reason).toBe("TRANSCRIBE_ENGINE=whisper, but it is not available: No whisper model in data/models (npm run models -- base).");
  });

  it("reports that no engine is configured when none can run", async () => {
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_API_KEY;
    process.env.POCKETSPHINX_PATH = "/nonexistent/pocketsphinx_continuous";
    const choice = await chooseEngine();
    expect(choice.engine).toBeNull();
    expect(choice.reason).toBe(NO_ENGINE_MESSAGE);
    expect(choice.statuses?.sphinx).toEqual({ available: false, reason: "PocketSphinx is not installed." });
  });
});
