import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { ModelDownloadError } from "@/lib/storage/verified-download";
import { WHISPER_MODELS, downloadModel } from "./models";

describe("downloadModel", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-models-"));
  let body = Buffer.from("not the real weights");
  // Set to cut the next full transfer off after this many bytes, as a dropped connection does.
  let cutAfter: number | null = null;
  const ranges: (string | undefined)[] = [];
  const server = http.createServer((req, res) => {
    if (req.url !== "/ggml-tiny.bin") return res.writeHead(404).end();
    ranges.push(req.headers.range);
    const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? "")?.[1] ?? 0);
    if (from > 0) {
      if (from >= body.length) return res.writeHead(416, { "content-range": `bytes */${body.length}` }).end();
      return res
        .writeHead(206, { "content-range": `bytes ${from}-${body.length - 1}/${body.length}`, "content-length": body.length - from })
        .end(body.subarray(from));
    }
    if (cutAfter !== null) {
      res.writeHead(200, { "content-length": body.length });
      // The first bytes arrive; then the connection drops.
      res.write(body.subarray(0, cutAfter), () => setTimeout(() => res.destroy(), 200));
      cutAfter = null;
      return;
    }
    res.writeHead(200, { "content-length": body.length }).end(body);
  });
  /** Runs `work` with the tiny model's published checksum set to that of `body`. */
  async function withChecksumOf<T>(work: () => Promise<T>): Promise<T> {
    const saved = WHISPER_MODELS.tiny.sha1;
    WHISPER_MODELS.tiny.sha1 = createHash("sha1").update(body).digest("hex");
    try {
      return await work();
    } finally {
      WHISPER_MODELS.tiny.sha1 = saved;
    }
  }
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

  it("an interrupted transfer keeps its part and resumes where it stopped, then checks the whole file", async () => {
    body = Buffer.alloc(256 * 1024, 7);
    body.write("the start", 0);
    body.write("the end", body.length - 7);
    cutAfter = 100_000;
    ranges.length = 0;
    rmSync(path.join(dir, "ggml-tiny.bin"), { force: true });
    await withChecksumOf(async () => {
      const first = await downloadModel("tiny", dir, { baseUrl }).catch((e: unknown) => e);
      expect(first).toBeInstanceOf(ModelDownloadError);
      expect((first as Error).message).toMatch(/^The download of ggml-tiny.bin was interrupted at \d+ bytes .*; it resumes from there next time\.$/);
      const kept = statSync(path.join(dir, "ggml-tiny.bin.part")).size;
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(body.length);
      expect(existsSync(path.join(dir, "ggml-tiny.bin"))).toBe(false);

      const seen: number[] = [];
      const file = await downloadModel("tiny", dir, { baseUrl, onProgress: (b) => seen.push(b) });
      expect(ranges).toEqual([undefined, `bytes=${kept}-`]);
      expect(readFileSync(file).equals(body)).toBe(true);
      expect(seen[0]).toBeGreaterThan(kept);
      expect(seen.at(-1)).toBe(body.length);
      expect(existsSync(`${file}.part`)).toBe(false);
    });
    rmSync(path.join(dir, "ggml-tiny.bin"));
  });

  it("a part that holds the whole file is checked and kept without downloading again", async () => {
    body = Buffer.from("complete already");
    writeFileSync(path.join(dir, "ggml-tiny.bin.part"), body);
    ranges.length = 0;
    await withChecksumOf(async () => {
      const file = await downloadModel("tiny", dir, { baseUrl });
      expect(ranges).toEqual([`bytes=${body.length}-`]);
      expect(readFileSync(file).equals(body)).toBe(true);
    });
    rmSync(path.join(dir, "ggml-tiny.bin"));
  });

  it("offline: says the repository cannot be reached", async () => {
    await expect(downloadModel("tiny", dir, { baseUrl: "http://127.0.0.1:1" })).rejects.toThrow(/^Could not reach the model repository: /);
  });

  it("names the choices for an unknown model, and reports a missing file", async () => {
    await expect(downloadModel("huge", dir, { baseUrl })).rejects.toThrow(/Unknown model "huge". Choose one of: tiny, tiny.en, base/);
    await expect(downloadModel("base", dir, { baseUrl })).rejects.toThrow("The model repository answered 404.");
  });
});
