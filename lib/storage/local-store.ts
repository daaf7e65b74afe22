import { createReadStream } from "node:fs";
import { copyFile, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { MissingObject, type ByteRange, type ObjectStore } from "./object-store";

/** Objects as files under one directory (DATA_DIR/audio): one machine, no service to run. */
export function localStore(root: string): ObjectStore {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    // Keys are built from generated ids; this refuses any that would leave the root anyway.
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error("storage key escapes the audio root");
    return file;
  };
  return {
    async putFile(key, file) {
      const target = fileOf(key);
      if (path.resolve(file) === target) return;
      await mkdir(path.dirname(target), { recursive: true });
      // Moved when on the same disk (uploads arrive under DATA_DIR), else copied.
      await rename(file, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== "EXDEV") throw error;
        await copyFile(file, target);
      });
    },
    async localCopy(key) {
      const file = fileOf(key);
      if (!(await stat(file).catch(() => null))) throw new MissingObject(key);
      return file;
    },
    async size(key) {
      const info = await stat(fileOf(key)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
    async read(key: string, range?: ByteRange): Promise<Readable> {
      return createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async removePrefix(prefix) {
      await rm(fileOf(prefix), { recursive: true, force: true });
    },
  };
}
