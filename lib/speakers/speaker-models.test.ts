import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { useTestEnv } from "@/test/support/env";
import { provisionSpeakerModels, resetSpeakerProvisioning, retrySpeakerProvisioning, speakerModelFiles, speakerProvisioningState } from "./speaker-models";

// The pinned paths (lib/speakers/speaker-models.ts), served by a local model repository with
// stand-in bytes whose checksums the tests pass in place of the real ones.
const SEGMENTATION_PATH = "/csukuangfj/sherpa-onnx-pyannote-segmentation-3-0/resolve/9403a6902bb58e3d5ae8c7e77c3422de279db2e0/model.int8.onnx";
const EMBEDDING_PATH =
  "/csukuangfj/speaker-embedding-models/resolve/0743f301363dec56491a490f6d6cbc9d67f9a3bf/3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx";
const segmentation = Buffer.alloc(16 * 1024, 1);
const embedding = Buffer.alloc(128 * 1024, 2);
embedding.write("the end", embedding.length - 7);

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const table = (overrides: { segmentationSha?: string } = {}) => ({
  segmentation: { path: SEGMENTATION_PATH.slice(1), sha256: overrides.segmentationSha ?? sha256(segmentation), bytes: segmentation.length },
  embedding: { path: EMBEDDING_PATH.slice(1), sha256: sha256(embedding), bytes: embedding.length },
});

const requests: Array<{ url: string; range: string | undefined }> = [];
/** the embedding's next full transfer: "hold" stops halfway until release(), "cut" drops the connection there */
let embeddingMode: "whole" | "hold" | "cut" = "whole";
let release: () => void = () => {};
const server = http.createServer((req, res) => {
  const body = req.url === SEGMENTATION_PATH ? segmentation : req.url === EMBEDDING_PATH ? embedding : null;
  if (!body) return res.writeHead(404).end();
  requests.push({ url: req.url ?? "", range: req.headers.range });
  const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? "")?.[1] ?? 0);
  if (from > 0) {
    return res.writeHead(206, { "content-range": `bytes ${from}-${body.length - 1}/${body.length}`, "content-length": body.length - from }).end(body.subarray(from));
  }
  res.writeHead(200, { "content-length": body.length });
  if (body !== embedding || embeddingMode === "whole") return res.end(body);
  const half = body.length / 2;
  if (embeddingMode === "hold") {
    res.write(body.subarray(0, half));
    release = () => res.end(body.subarray(half));
  } else {
    res.write(body.subarray(0, half), () => setTimeout(() => res.destroy(), 100));
  }
  embeddingMode = "whole";
});
let baseUrl = "";

const until = async (done: () => boolean) => {
  for (let i = 0; i < 300 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe("the first start's speaker models", () => {
  const { dataDir } = useTestEnv();
  const dir = () => path.join(dataDir, "models", "speakers");

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    resetSpeakerProvisioning();
    rmSync(dir(), { recursive: true, force: true });
    requests.length = 0;
    process.env.SPEAKER_MODELS_BASE_URL = baseUrl;
    delete process.env.SPEAKER_MODELS_AUTO_DOWNLOAD;
  });

  it("downloads segmentation then embedding once, with progress over both, and then they are there", async () => {
    embeddingMode = "hold";
    const first = provisionSpeakerModels(table());
    expect(provisionSpeakerModels(table())).toBe(first);
    const total = segmentation.length + embedding.length;
    await until(() => speakerProvisioningState().state === "downloading" && (speakerProvisioningState() as { bytes: number }).bytes >= segmentation.length + embedding.length / 2);
    expect(speakerProvisioningState()).toEqual({ state: "downloading", bytes: segmentation.length + embedding.length / 2, total });
    expect(speakerModelFiles()).toBeNull();
    release();
    await first;
    expect(speakerProvisioningState()).toEqual({ state: "ready" });
    expect(requests.map((r) => r.url)).toEqual([SEGMENTATION_PATH, EMBEDDING_PATH]);
    expect(speakerModelFiles()).toEqual({ segmentation: path.join(dir(), "segmentation.onnx"), embedding: path.join(dir(), "embedding.onnx") });
    expect(readFileSync(path.join(dir(), "segmentation.onnx"))).toEqual(segmentation);
    expect(readFileSync(path.join(dir(), "embedding.onnx"))).toEqual(embedding);

    // the next start finds them, and a retry with nothing failed downloads nothing
    resetSpeakerProvisioning();
    await provisionSpeakerModels(table());
    await retrySpeakerProvisioning(table());
    expect(speakerProvisioningState()).toEqual({ state: "present" });
    expect(requests).toHaveLength(2);
  });

  it("an interrupted download fails with the reason, keeps its part, and the operator's retry resumes it", async () => {
    embeddingMode = "cut";
    await provisionSpeakerModels(table());
    expect(speakerProvisioningState()).toEqual({
      state: "failed",
      reason: expect.stringMatching(/^The download of embedding\.onnx was interrupted at \d+ bytes .*; it resumes from there next time\.$/),
    });
    expect(speakerModelFiles()).toBeNull();
    expect(existsSync(path.join(dir(), "segmentation.onnx"))).toBe(true);
    const kept = statSync(path.join(dir(), "embedding.onnx.part")).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(embedding.length);

    await retrySpeakerProvisioning(table());
    expect(speakerProvisioningState()).toEqual({ state: "ready" });
    // only the embedding's rest was asked for
    expect(requests.slice(2)).toEqual([{ url: EMBEDDING_PATH, range: `bytes=${kept}-` }]);
    expect(readFileSync(path.join(dir(), "embedding.onnx"))).toEqual(embedding);
    expect(existsSync(path.join(dir(), "embedding.onnx.part"))).toBe(false);
  });

  it("a file whose checksum does not match is discarded, and the download fails saying so", async () => {
    await provisionSpeakerModels(table({ segmentationSha: sha256(Buffer.from("other weights")) }));
    expect(speakerProvisioningState()).toEqual({
      state: "failed",
      reason: expect.stringMatching(/^Checksum mismatch for segmentation\.onnx \(got [0-9a-f]{64}, expected [0-9a-f]{64}\); the file was discarded\.$/),
    });
    expect(readdirSync(dir())).toEqual([]);
    expect(requests.map((r) => r.url)).toEqual([SEGMENTATION_PATH]);
    expect(speakerModelFiles()).toBeNull();
  });

  it("is off with SPEAKER_MODELS_AUTO_DOWNLOAD=false and fetches nothing, unless the models were copied in by hand", async () => {
    process.env.SPEAKER_MODELS_AUTO_DOWNLOAD = "false";
    await provisionSpeakerModels(table());
    expect(speakerProvisioningState()).toEqual({ state: "off" });
    expect(requests).toEqual([]);
    expect(existsSync(dir())).toBe(false);

    resetSpeakerProvisioning();
    mkdirSync(dir(), { recursive: true });
    writeFileSync(path.join(dir(), "segmentation.onnx"), segmentation);
    writeFileSync(path.join(dir(), "embedding.onnx"), embedding);
    await provisionSpeakerModels(table());
    expect(speakerProvisioningState()).toEqual({ state: "present" });
    expect(speakerModelFiles()).not.toBeNull();
  });

  it("offline: fails with a sentence, and the basic detector stays in use", async () => {
    process.env.SPEAKER_MODELS_BASE_URL = "http://127.0.0.1:1";
    await provisionSpeakerModels(table());
    expect(speakerProvisioningState()).toEqual({ state: "failed", reason: expect.stringMatching(/^Could not reach the model repository: /) });
    expect(speakerModelFiles()).toBeNull();
  });
});
