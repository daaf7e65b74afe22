import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { useTestEnv } from "@/test/support/env";
import { writeMicroWhisperModel } from "@/test/support/micro-whisper-model";
import { resolveParakeetModel, resolveWhisperModel } from "../models";
import { parakeetEngine } from "./parakeet";
import { chooseEngine, forgetEngineChoice } from "./registry";
import { PermanentEngineError } from "./types";

// No Parakeet weights can be had on build machines, and its FastConformer/TDT network is not
// generated here as whisper's is: these tests run the real binding up to the model load —
// discovery, availability, and a clear refusal of a missing or broken file.
const JFK_WAV = path.resolve(__dirname, "../../../test/fixtures/audio/jfk.wav");

describe("Parakeet engine on the real binding", () => {
  const { dataDir } = useTestEnv({ WHISPER_VAD: "false", WHISPER_AUTO_DOWNLOAD: "false" });
  const models = path.join(dataDir, "models");
  const transcribe = () => parakeetEngine.transcribe({ wavPath: JFK_WAV, durationS: 11, language: null });

  it("is unavailable without a model, saying where one goes", async () => {
    expect(resolveParakeetModel()).toBeNull();
    expect(await parakeetEngine.availability()).toEqual({
      available: false,
      reason: "No Parakeet model in data/models (ggml-parakeet-*.bin from ggml-org's parakeet-GGUF).",
    });
    await expect(transcribe()).rejects.toThrow(new PermanentEngineError("No Parakeet model is configured."));
  });

  it("a configured model that is not there is a clear permanent error", async () => {
    process.env.PARAKEET_MODEL = "ggml-parakeet-tdt-0.6b-v3-q8_0.bin";
    try {
      const error = await transcribe().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PermanentEngineError);
      expect((error as Error).message).toBe(
        "The Parakeet model ggml-parakeet-tdt-0.6b-v3-q8_0.bin is missing. Put a Parakeet TDT ggml file (ggml-parakeet-*.bin) in DATA_DIR/models, or set PARAKEET_MODEL.",
      );
    } finally {
      delete process.env.PARAKEET_MODEL;
    }
  });

  it("is found in the models folder, is not taken for a whisper model, and a broken file is refused clearly", async () => {
    mkdirSync(models, { recursive: true });
    const broken = path.join(models, "ggml-parakeet-tdt-0.6b-v3-q4_0.bin");
    writeFileSync(broken, Buffer.alloc(2_000_000, 7));
    expect(resolveParakeetModel()).toBe(broken);
    expect(resolveWhisperModel()).toBeNull();
    expect(await parakeetEngine.availability()).toMatchObject({ available: true });
    const error = await transcribe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentEngineError);
    expect((error as Error).message).toMatch(/^The Parakeet model ggml-parakeet-tdt-0\.6b-v3-q4_0\.bin could not be loaded \(.+\)\. It may be corrupt/);
  });

  it("a whisper model on this server (99 languages) comes before Parakeet in auto mode; forced, Parakeet is used", async () => {
    await writeMicroWhisperModel(path.join(models, "ggml-micro.bin"), { multilingual: true });
    forgetEngineChoice();
    expect((await chooseEngine()).engine?.name).toBe("whisper");
    process.env.TRANSCRIBE_ENGINE = "parakeet";
    try {
      forgetEngineChoice();
      const choice = await chooseEngine();
      expect(choice.engine?.name).toBe("parakeet");
      expect(choice.engine?.languages()).toEqual(new Set(["bg", "hr", "cs", "da", "nl", "en", "et", "fi", "fr", "de", "el", "hu", "it", "lv", "lt", "mt", "pl", "pt", "ro", "sk", "sl", "es", "sv", "ru", "uk"]));
    } finally {
      delete process.env.TRANSCRIBE_ENGINE;
      forgetEngineChoice();
    }
  });
});
