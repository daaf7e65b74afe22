import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { useTestEnv } from "@/test/support/env";
import { VAD_MODEL, WHISPER_MODELS, vadModelFile } from "./models";
import { preparingPercent, provisionWhisperModel, provisioningState, resetProvisioning, retryProvisioning } from "./model-provisioning";

// A local model repository: the weights arrive in two halves with a pause between them,
// so the progress can be seen while the download runs.
const weights = Buffer.alloc(64 * 1024, 3);
const vadWeights = Buffer.alloc(1024, 5);
let vadRequests = 0;
let release: () => void = () => {};
const server = http.createServer((req, res) => {
  if (req.url === "/vad/ggml-silero-v5.1.2.bin") {
    vadRequests += 1;
    return res.writeHead(200, { "content-length": vadWeights.length }).end(vadWeights);
  }
  if (req.url !== "/ggml-tiny.bin") return res.writeHead(404).end();
  res.writeHead(200, { "content-length": weights.length });
  res.write(weights.subarray(0, weights.length / 2));
  release = () => res.end(weights.subarray(weights.length / 2));
});
let baseUrl = "";
const savedSha = WHISPER_MODELS.tiny.sha1;
const savedVadSha = VAD_MODEL.sha256;

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe("the first start's whisper model", () => {
  const { dataDir } = useTestEnv({ WHISPER_DOWNLOAD_MODEL: "tiny", TRANSCRIBE_ENGINE: "auto" });

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    WHISPER_MODELS.tiny.sha1 = createHash("sha1").update(weights).digest("hex");
    VAD_MODEL.sha256 = createHash("sha256").update(vadWeights).digest("hex");
    process.env.WHISPER_VAD_BASE_URL = `${baseUrl}/vad`;
  });
  afterAll(() => {
    WHISPER_MODELS.tiny.sha1 = savedSha;
    VAD_MODEL.sha256 = savedVadSha;
    server.close();
  });
  beforeEach(() => resetProvisioning());

  it("is off when WHISPER_AUTO_DOWNLOAD=false, or when an operator chose another engine", async () => {
    process.env.WHISPER_AUTO_DOWNLOAD = "false";
    await provisionWhisperModel();
    expect(provisioningState()).toEqual({ state: "off" });
    delete process.env.WHISPER_AUTO_DOWNLOAD;
    resetProvisioning();
    process.env.TRANSCRIBE_ENGINE = "sphinx";
    await provisionWhisperModel();
    expect(provisioningState()).toEqual({ state: "off" });
    process.env.TRANSCRIBE_ENGINE = "auto";
  });

  it("offline: fails with the reason, and nothing is prepared any more", async () => {
    process.env.WHISPER_MODEL_BASE_URL = "http://127.0.0.1:1";
    await provisionWhisperModel();
    expect(provisioningState()).toMatchObject({ state: "failed", model: "tiny", reason: expect.stringMatching(/^Could not reach the model repository/) });
    expect(preparingPercent()).toBeNull();
  });

  it("downloads the model once, shows its progress, and then it is there", async () => {
    process.env.WHISPER_MODEL_BASE_URL = baseUrl;
    const first = provisionWhisperModel();
    expect(provisionWhisperModel()).toBe(first);
    await until(() => (preparingPercent() ?? 0) >= 50);
    expect(provisioningState()).toMatchObject({ state: "downloading", model: "tiny", total: weights.length });
    expect(preparingPercent()).toBe(50);
    release();
    await first;
    expect(provisioningState()).toEqual({ state: "ready", model: "tiny" });
    expect(preparingPercent()).toBeNull();
    expect(existsSync(path.join(dataDir, "models", "ggml-tiny.bin"))).toBe(true);
    // The voice-activity model came with it.
    expect(existsSync(vadModelFile())).toBe(true);

    resetProvisioning();
    await provisionWhisperModel();
    expect(provisioningState()).toEqual({ state: "present" });
  });

  it("does not download when both models are there", async () => {
    mkdirSync(path.join(dataDir, "models"), { recursive: true });
    writeFileSync(path.join(dataDir, "models", "ggml-base.bin"), "a model");
    writeFileSync(vadModelFile(), "a vad model");
    const before = vadRequests;
    await provisionWhisperModel();
    expect(provisioningState()).toEqual({ state: "present" });
    expect(vadRequests).toBe(before);
  });

  it("fetches only the voice-activity model when the whisper model is there; failing that, whisper still is", async () => {
    mkdirSync(path.join(dataDir, "models"), { recursive: true });
    writeFileSync(path.join(dataDir, "models", "ggml-base.bin"), "a model");
    rmSync(vadModelFile(), { force: true });
    process.env.WHISPER_VAD_BASE_URL = "http://127.0.0.1:1";
    await provisionWhisperModel();
    expect(provisioningState()).toEqual({ state: "present" });
    expect(existsSync(vadModelFile())).toBe(false);

    resetProvisioning();
    process.env.WHISPER_VAD_BASE_URL = `${baseUrl}/vad`;
    await provisionWhisperModel();
    expect(provisioningState()).toEqual({ state: "present" });
    expect(readFileSync(vadModelFile())).toEqual(vadWeights);
  });

  it("an operator's retry downloads again after a failure, once the repository answers; a retry during the download shares it", async () => {
    rmSync(path.join(dataDir, "models"), { recursive: true, force: true });
    process.env.WHISPER_MODEL_BASE_URL = "http://127.0.0.1:1";
    await provisionWhisperModel();
    expect(provisioningState()).toMatchObject({ state: "failed", model: "tiny" });
    // without a retry the failure stays: the process's one download is over
    await provisionWhisperModel();
    expect(provisioningState()).toMatchObject({ state: "failed" });

    process.env.WHISPER_MODEL_BASE_URL = baseUrl;
    const again = retryProvisioning();
    expect(provisioningState()).toMatchObject({ state: "downloading", model: "tiny" });
    await until(() => (preparingPercent() ?? 0) >= 50);
    expect(retryProvisioning()).toBe(again);
    release();
    await again;
    expect(provisioningState()).toEqual({ state: "ready", model: "tiny" });
    expect(readFileSync(path.join(dataDir, "models", "ggml-tiny.bin"))).toEqual(weights);
  });
});
