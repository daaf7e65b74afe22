import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

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

const MODEL_BASE_URL = "https://huggingface.co/ggerganov/whisper.cpp/resolve/main";

export class ModelDownloadError extends Error {}

/**
 * Downloads ggml-{name}.bin into `dir`, hashing while it streams; the file appears under
 * its final name only when the checksum matches, so a broken download is never used.
 */
export async function downloadModel(
  name: string,
  dir: string,
  options: { baseUrl?: string; onProgress?: (bytes: number, total: number | null) => void } = {},
): Promise<string> {
  const model = WHISPER_MODELS[name];
  if (!model) throw new ModelDownloadError(`Unknown model "${name}". Choose one of: ${Object.keys(WHISPER_MODELS).join(", ")}.`);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `ggml-${name}.bin`);
  const partial = `${file}.part`;
  const response = await fetch(`${options.baseUrl ?? MODEL_BASE_URL}/ggml-${name}.bin`).catch((e: Error) => {
    throw new ModelDownloadError(`Could not reach the model repository: ${e.message}`);
  });
  if (!response.ok || !response.body) throw new ModelDownloadError(`The model repository answered ${response.status}.`);
  const total = Number(response.headers.get("content-length")) || null;
  const hash = createHash("sha1");
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _e, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      options.onProgress?.(bytes, total);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>), meter, createWriteStream(partial));
    const sum = hash.digest("hex");
    if (sum !== model.sha1) throw new ModelDownloadError(`Checksum mismatch for ggml-${name}.bin (got ${sum}, expected ${model.sha1}); the file was discarded.`);
    await rename(partial, file);
    return file;
  } finally {
    await rm(partial, { force: true });
  }
}
