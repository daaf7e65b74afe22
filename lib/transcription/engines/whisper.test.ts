import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { useTestEnv } from "@/test/support/env";
import { PermanentEngineError } from "./types";
import { loadWhisperContext, resolveWhisperModel, whisperEngine } from "./whisper";

// Build machines have no model weights: these tests prove the binding loads and that a
// missing or corrupt model fails with a clear, final error instead of a crash.
describe("whisper engine", () => {
  const { dataDir } = useTestEnv();

  it("the whisper.cpp native binding loads", async () => {
    const whisper = await import("@fugood/whisper.node");
    const native = (await whisper.loadWhisperModule()) as unknown as Record<string, unknown>;
    expect(typeof native.WhisperContext).toBe("function");
  });

  it("is unavailable without a model, with the command to get one", async () => {
    expect(resolveWhisperModel()).toBeNull();
    expect(await whisperEngine.availability()).toEqual({ available: false, reason: "No whisper model in data/models (npm run models -- base)." });
  });

  it("a missing model is a clear permanent error", async () => {
    const error = await loadWhisperContext(path.join(dataDir, "models", "ggml-base.bin")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentEngineError);
    expect((error as Error).message).toBe("The whisper model ggml-base.bin is missing. Download one with: npm run models -- base");
  });

  it("a corrupt model is a clear permanent error", async () => {
    mkdirSync(path.join(dataDir, "models"), { recursive: true });
    const corrupt = path.join(dataDir, "models", "ggml-tiny.bin");
    writeFileSync(corrupt, "this is not a ggml model");
    expect(resolveWhisperModel()).toBe(corrupt);
    const error = await loadWhisperContext(corrupt).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentEngineError);
    expect((error as Error).message).toMatch(/^The whisper model ggml-tiny.bin could not be loaded \(.+\)\. It may be corrupt/);
  });
});
