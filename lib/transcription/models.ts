import { createHash, type Hash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "@/lib/env";

/** ggml models of whisper.cpp with the SHA-1 sums its models/README.md publishes. */
export const WHISPER_MODELS: Record<string, { sha1: string; size: string }> = {
  tiny: { sha1: "bd577a113a864445d4c299885e0cb97d4ba92b5f", size: "75 MB" },
  "tiny.en": { sha1: "c78c86eb1a8faa21b369bcd33207cc90d64ae9df", size: "75 MB" },
  base: { sha1: "465707469ff3a37a2b9b8d8f89f2f99de7299dac", size: "142 MB" },
  "base.en": { sha1: "137c40403d78fd54d454da0f9bd998f78703390c", size: "142 MB" },
  small: { sha1: "55356645c2b361a969dfd0ef2c5a50d530afd8d5", size: "466 MB" },
  "small.en": { sha1: "db8a495a91d927739e50b3fc1cc4c6b8f6c2d022", size: "466 MB" },
  medium: { sha1: "fd9727b6e1217c2f614f9b698455c4ffd82463b4", size: "1.5 GB" },
  "medium.en": { sha1: "8c30f0e44ce9560643ebd10bbe50cd20eafd3723", size: "1.5 GB" },
};

export class ModelDownloadError extends Error {}

export interface DownloadOptions {
  baseUrl?: string;
  onProgress?: (bytes: number, total: number | null) => void;
  signal?: AbortSignal;
}

/** The SHA-1 of what an interrupted download already wrote, so the hash covers the whole file. */
async function hashSoFar(partial: string): Promise<{ hash: Hash; bytes: number }> {
  const hash = createHash("sha1");
  const size = await stat(partial).then((s) => s.size).catch(() => 0);
  if (size > 0) await pipeline(createReadStream(partial), new Writable({ write: (chunk: Buffer, _e, done) => (hash.update(chunk), done()) }));
  return { hash, bytes: size };
}

/** `bytes 100-199/200` → 200. */
function totalFromRange(header: string | null): number | null {
  const total = /\/(\d+)$/.exec(header ?? "")?.[1];
  return total ? Number(total) : null;
}

/**
 * Downloads ggml-{name}.bin into `dir`, hashing while it streams. A transfer that breaks off
 * keeps its `.part` file, and the next call asks only for the rest (HTTP Range); the file
 * appears under its final name (an atomic rename) only when the whole checksum matches, so
 * a broken or tampered download is never used.
 */
export async function downloadModel(name: string, dir: string, options: DownloadOptions = {}): Promise<string> {
  const model = WHISPER_MODELS[name];
  if (!model) throw new ModelDownloadError(`Unknown model "${name}". Choose one of: ${Object.keys(WHISPER_MODELS).join(", ")}.`);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `ggml-${name}.bin`);
  const partial = `${file}.part`;
  let { hash, bytes } = await hashSoFar(partial);
  const response = await fetch(`${options.baseUrl ?? env().WHISPER_MODEL_BASE_URL}/ggml-${name}.bin`, {
    headers: bytes > 0 ? { range: `bytes=${bytes}-` } : {},
    signal: options.signal,
  }).catch((e: Error) => {
    throw new ModelDownloadError(`Could not reach the model repository: ${e.message}`);
  });
  let total: number | null;
  if (response.status === 206) {
    total = totalFromRange(response.headers.get("content-range"));
  } else if (response.status === 416 && bytes > 0) {
    // Everything was already here: only the check and the rename were missing.
    total = bytes;
  } else if (response.ok && response.body) {
    // A server that ignores Range sends the whole file: start over.
    ({ hash, bytes } = { hash: createHash("sha1"), bytes: 0 });
    total = Number(response.headers.get("content-length")) || null;
  } else {
    throw new ModelDownloadError(`The model repository answered ${response.status}.`);
  }
  const append = bytes > 0;
  const meter = new Transform({
    transform(chunk: Buffer, _e, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      options.onProgress?.(bytes, total);
      callback(null, chunk);
    },
  });
  if (response.status !== 416 && response.body) {
    try {
      const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>);
      await pipeline(body, meter, createWriteStream(partial, { flags: append ? "a" : "w" }));
    } catch (error) {
      // The part stays: the next attempt resumes from it.
      throw new ModelDownloadError(`The download of ggml-${name}.bin was interrupted at ${bytes} bytes (${(error as Error).message}); it resumes from there next time.`);
    }
  }
  const sum = hash.digest("hex");
  if (sum !== model.sha1) {
    await rm(partial, { force: true });
    throw new ModelDownloadError(`Checksum mismatch for ggml-${name}.bin (got ${sum}, expected ${model.sha1}); the file was discarded.`);
  }
  await rename(partial, file);
  return file;
}
