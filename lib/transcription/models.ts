import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { ModelDownloadError, downloadVerified, type VerifiedDownloadOptions, type VerifiedFile } from "@/lib/storage/verified-download";

export function modelsDir(): string {
  return path.resolve(env().DATA_DIR, "models");
}

/**
 * Silero VAD v5.1.2 in whisper.cpp's ggml format (885,098 bytes): it finds where someone
 * speaks, so whisper skips silence (faster) and cannot invent text in it.
 */
export const VAD_MODEL = { name: "silero-v5.1.2", sha256: "29940d98d42b91fbd05ce489f3ecf7c72f0a42f027e4875919a28fb4c04ea2cf" };

export function vadModelFile(): string {
  return path.join(modelsDir(), `ggml-${VAD_MODEL.name}.bin`);
}

// Largest first: when several models are present the best one is used.
const MODEL_PREFERENCE = ["large-v3-turbo", "large-v3", "large-v2", "large", "medium", "small", "base", "tiny"];

/** ggml files in the models folder. */
function modelFiles(): string[] {
  return existsSync(modelsDir()) ? readdirSync(modelsDir()).filter((f) => /^ggml-.+\.bin$/.test(f)) : [];
}

/** Parakeet's ggml files are named ggml-parakeet-tdt-…; they are not whisper models. */
const PARAKEET_PREFIX = "ggml-parakeet";

/** PARAKEET_MODEL (a path or a file name in data/models), else a ggml-parakeet-*.bin there (the first by name). */
export function resolveParakeetModel(): string | null {
  const configured = env().PARAKEET_MODEL;
  if (configured) return path.isAbsolute(configured) ? configured : path.join(modelsDir(), configured);
  const found = modelFiles().filter((f) => f.startsWith(PARAKEET_PREFIX)).sort()[0];
  return found ? path.join(modelsDir(), found) : null;
}

/** WHISPER_MODEL (a path or a file name in data/models), else the best ggml model present. */
export function resolveWhisperModel(): string | null {
  const configured = env().WHISPER_MODEL;
  if (configured) return path.isAbsolute(configured) ? configured : path.join(modelsDir(), configured);
  const files = modelFiles().filter((f) => !f.startsWith(`ggml-${VAD_MODEL.name}`) && !f.startsWith(PARAKEET_PREFIX));
  const rank = (f: string) => {
    const i = MODEL_PREFERENCE.findIndex((m) => f.includes(`-${m}`));
    return i === -1 ? MODEL_PREFERENCE.length : i;
  };
  const best = files.sort((a, b) => rank(a) - rank(b))[0];
  return best ? path.join(modelsDir(), best) : null;
}

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

export interface DownloadOptions extends VerifiedDownloadOptions {
  baseUrl?: string;
}

/** Downloads the whisper model ggml-{name}.bin into `dir` (see downloadGgml). */
export async function downloadModel(name: string, dir: string, options: DownloadOptions = {}): Promise<string> {
  const model = WHISPER_MODELS[name];
  if (!model) throw new ModelDownloadError(`Unknown model "${name}". Choose one of: ${Object.keys(WHISPER_MODELS).join(", ")}.`);
  return downloadGgml({ name, baseUrl: options.baseUrl ?? env().WHISPER_MODEL_BASE_URL, algorithm: "sha1", digest: model.sha1 }, dir, options);
}

/** Downloads the voice-activity model into `dir` (see downloadGgml). */
export async function downloadVadModel(dir: string, options: DownloadOptions = {}): Promise<string> {
  const baseUrl = options.baseUrl ?? env().WHISPER_VAD_BASE_URL;
  return downloadGgml({ name: VAD_MODEL.name, baseUrl, algorithm: "sha256", digest: VAD_MODEL.sha256 }, dir, options);
}

/** ggml-{name}.bin from `baseUrl` into `dir`, resumable and checksum-verified (lib/storage/verified-download.ts). */
function downloadGgml({ name, baseUrl, algorithm, digest }: { name: string; baseUrl: string; algorithm: VerifiedFile["algorithm"]; digest: string }, dir: string, options: DownloadOptions): Promise<string> {
  const file = `ggml-${name}.bin`;
  return downloadVerified({ url: `${baseUrl}/${file}`, file: path.join(dir, file), algorithm, digest }, { onProgress: options.onProgress, signal: options.signal });
}
