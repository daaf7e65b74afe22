import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { ModelDownloadError, WHISPER_MODELS, downloadModel } from "./models";

describe("downloadModel", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-models-"));
  let body = Buffer.from("not the real weights");
  const server = http.createServer((req, res) => {
    if (req.url === "/ggml-tiny.bin") res.writeHead(200, { "content-length": body.length }).end(body);
    else res.writeHead(404).end();
  });
  let baseUrl = "";
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a file whose checksum is wrong and leaves nothing behind", async () => {
    const error = await downloadModel("tiny", dir, { baseUrl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelDownloadError);
    expect((error as Error).message).toMatch(/^Checksum mismatch for ggml-tiny.bin/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("keeps a file whose checksum matches", async () => {
    body = Buffer.from("pretend weights");
    const sha1 = createHash("sha1").update(body).digest("hex");
    const saved = WHISPER_MODELS.tiny.sha1;
    WHISPER_MODELS.tiny.sha1 = sha1;
    try {
      const seen: number[] = [];
      const file = await downloadModel("tiny", dir, { baseUrl, onProgress: (b) => seen.push(b) });
      expect(file).toBe(path.join(dir, "ggml-tiny.bin"));
      expect(existsSync(file)).toBe(true);
      expect(seen.at(-1)).toBe(body.length);
    } finally {
      WHISPER_MODELS.tiny.sha1 = saved;
    }
  });

  it("names the choices for an unknown model, and reports a missing file", async () => {
    await expect(downloadModel("huge", dir, { baseUrl })).rejects.toThrow(/Unknown model "huge". Choose one of: tiny, tiny.en, base/);
    await expect(downloadModel("base", dir, { baseUrl })).rejects.toThrow("The model repository answered 404.");
  });
});
