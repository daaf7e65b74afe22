import { createHash, type Hash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A model file could not be had; the message is a sentence for operators. */
export class ModelDownloadError extends Error {}

export interface VerifiedFile {
  url: string;
  /** where the file goes; `<file>.part` holds it while it arrives */
  file: string;
  algorithm: "sha1" | "sha256";
  /** the published checksum, lower-case hex */
  digest: string;
}

export interface VerifiedDownloadOptions {
  /** bytes of this file so far (a resumed part's included), and its size when the server said */
  onProgress?: (bytes: number, total: number | null) => void;
  signal?: AbortSignal;
}

/** The hash of what an interrupted download already wrote, so it covers the whole file. */
async function hashSoFar(partial: string, algorithm: VerifiedFile["algorithm"]): Promise<{ hash: Hash; bytes: number }> {
  const hash = createHash(algorithm);
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
 * Downloads `url` to `file`, hashing while it streams. A transfer that breaks off keeps its
 * `.part` file, and the next call asks only for the rest (HTTP Range); the file appears under
 * its final name (an atomic rename) only when the whole checksum matches, so a broken or
 * tampered download is never used. Returns `file`.
 */
export async function downloadVerified({ url, file, algorithm, digest }: VerifiedFile, options: VerifiedDownloadOptions = {}): Promise<string> {
  const name = path.basename(file);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.part`;
  let { hash, bytes } = await hashSoFar(partial, algorithm);
  const response = await fetch(url, {
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
    ({ hash, bytes } = { hash: createHash(algorithm), bytes: 0 });
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
      throw new ModelDownloadError(`The download of ${name} was interrupted at ${bytes} bytes (${(error as Error).message}); it resumes from there next time.`);
    }
  }
  const sum = hash.digest("hex");
  if (sum !== digest) {
    await rm(partial, { force: true });
    throw new ModelDownloadError(`Checksum mismatch for ${name} (got ${sum}, expected ${digest}); the file was discarded.`);
  }
  await rename(partial, file);
  return file;
}
