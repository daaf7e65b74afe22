/**
 * Where the client remembers unfinished uploads between runs (tus' URL storage): a small
 * JSON file, so an upload stopped by a dropped connection or a killed script resumes from
 * what arrived the next time the same file is sent. Each entry is the file's fingerprint
 * (path, size, modification time, server) and the upload's address.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { PreviousUpload, UrlStorage } from "tus-js-client";

type Remembered = PreviousUpload & { fingerprint: string };

/** ~/.config/verbatim/uploads.json (or under $XDG_CONFIG_HOME). */
function defaultUploadMemory(): string {
  const config = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return path.join(config, "verbatim", "uploads.json");
}

/** Uploads older than a day have expired on the server (UPLOAD_EXPIRY_MS): not worth keeping. */
const KEPT_MS = 24 * 3600_000;

/** tus' URL storage, and a way to forget a finished upload by its address. */
export type RememberedUploads = UrlStorage & { forget(uploadUrl: string | null): Promise<void> };

export function uploadsRememberedIn(file = defaultUploadMemory()): RememberedUploads {
  async function load(): Promise<Remembered[]> {
    try {
      const entries = JSON.parse(await readFile(file, "utf8")) as Remembered[];
      return Array.isArray(entries) ? entries.filter((e) => Date.now() - Date.parse(e.creationTime) < KEPT_MS) : [];
    } catch {
      return [];
    }
  }
  async function save(entries: Remembered[]): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // Written whole then renamed: a run stopped mid-write leaves the previous list, never half of one.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(entries), { mode: 0o600 });
    await rename(temporary, file);
  }
  return {
    findAllUploads: load,
    findUploadsByFingerprint: async (fingerprint) => (await load()).filter((e) => e.fingerprint === fingerprint),
    removeUpload: async (key) => save((await load()).filter((e) => e.urlStorageKey !== key)),
    forget: async (uploadUrl) => save((await load()).filter((e) => e.uploadUrl !== uploadUrl)),
    addUpload: async (fingerprint, upload) => {
      const key = randomUUID();
      await save([...(await load()), { ...upload, fingerprint, urlStorageKey: key }]);
      return key;
    },
  };
}
