import type { Readable } from "node:stream";

/** A byte range of a stored object, as an HTTP Range asks for it (inclusive end). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where audio files live: a local directory (the embedded default) or an S3-compatible
 * bucket shared by every web and worker host. Keys are `{user}/{transcription}/{name}`,
 * built from generated ids only.
 */
export interface ObjectStore {
  /** Stores a local file under `key`: moved when the store is local, else uploaded streaming (multipart: never whole in memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** A local path holding the object: the object itself when local, else a copy written to `dir`. */
  localCopy(key: string, dir: string): Promise<string>;
  /** The object's size in bytes; null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** The object's bytes, all or one range, streaming. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes every object whose key starts with `prefix` (a transcription's, a user's). */
  removePrefix(prefix: string): Promise<void>;
}

/** The object is not in the store (deleted meanwhile, or the store was changed). */
export class MissingObject extends Error {
  constructor(key: string) {
    super(`The audio ${key} is missing from storage.`);
  }
}
