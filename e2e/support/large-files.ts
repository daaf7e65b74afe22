import { createReadStream, existsSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { Upload } from "tus-js-client";
import { largeWavSeconds, writeLargeWav } from "@/test/support/large-wav";
import { expect } from "./fixtures";

/** The three sizes issue 24 names: past the old 10 MB cut, an hour of audio, and a 1 GiB file. */
export const SIZES = [
  { label: "12 MB", bytes: 12_000_000 },
  { label: "100 MB", bytes: 100 * 1024 * 1024 },
  { label: "1 GB", bytes: 1024 * 1024 * 1024 },
] as const;

/** A large real audio file of (about) this size, made once per run under the temp folder. */
export async function largeFile(bytes: number): Promise<{ file: string; size: number; seconds: number }> {
  const file = path.join(os.tmpdir(), `verbatim-e2e-large-${bytes}.wav`);
  if (!existsSync(file)) await writeLargeWav(file, bytes);
  const size = statSync(file).size;
  return { file, size, seconds: largeWavSeconds(size) };
}

export function removeLargeFiles() {
  for (const { bytes } of SIZES) rmSync(path.join(os.tmpdir(), `verbatim-e2e-large-${bytes}.wav`), { force: true });
}

/** The page's session cookie, for a request made outside the browser. */
export async function cookieHeader(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

/**
 * `POST /api/transcriptions` with the file streamed from disk as the raw body, as an API
 * client (curl --data-binary) sends it: never read into this process's memory.
 */
export function postFile(baseUrl: string, cookie: string, file: string, filename: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(`/api/transcriptions?filename=${encodeURIComponent(filename)}`, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      headers: { cookie, origin: baseUrl, "content-type": "audio/wav", "content-length": statSync(file).size, "x-forwarded-for": "10.77.0.1" },
    });
    req.on("response", (res) => {
      let raw = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (raw += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(raw || "{}") as Record<string, unknown> }));
    });
    req.on("error", reject);
    createReadStream(file).pipe(req);
  });
}

/**
 * The resumable protocol (tus, as the dashboard speaks it when the bucket takes no browser
 * uploads) from this process: 8 MiB parts through the web host. Resolves with the answer to
 * the last part — the transcription.
 */
export function tusUpload(baseUrl: string, cookie: string, file: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(createReadStream(file), {
      endpoint: `${baseUrl}/api/uploads`,
      uploadSize: statSync(file).size,
      chunkSize: 8 * 1024 * 1024,
      headers: { cookie, origin: baseUrl, "x-forwarded-for": "10.77.0.2" },
      metadata: { filename: path.basename(file), filetype: "audio/wav" },
      onError: reject,
      onSuccess: ({ lastResponse }) => resolve(JSON.parse(lastResponse.getBody()) as Record<string, unknown>),
    });
    upload.start();
  });
}

/** Bytes of the audio a transcription serves: the upload as sent until a worker has decoded it, then the 16 kHz copy. */
async function servedAudioBytes(page: Page, baseUrl: string, id: string): Promise<number | null> {
  const res = await page.request.get(`${baseUrl}/api/transcriptions/${id}/audio`, { headers: { range: "bytes=0-0" } });
  const total = /\/(\d+)$/.exec(res.headers()["content-range"] ?? "");
  return total ? Number(total[1]) : null;
}

/**
 * Waits until a worker has decoded the upload and checks the decoded copy holds all of it:
 * 16 kHz mono 16-bit after a 44-byte header, so its size is its length.
 */
export async function expectDecodedToFullLength(page: Page, baseUrl: string, id: string, uploadedBytes: number, seconds: number) {
  let decoded: number | null = null;
  await expect
    .poll(async () => (decoded = await servedAudioBytes(page, baseUrl, id)), { timeout: 240_000, intervals: [500, 1000, 2000] })
    .not.toBe(uploadedBytes);
  expect(decoded).not.toBeNull();
  const decodedSeconds = (decoded! - 44) / 32_000;
  expect(Math.abs(decodedSeconds - seconds)).toBeLessThan(0.05);
}
