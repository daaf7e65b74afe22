import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "@/lib/env";
import { localStore } from "./local-store";
import type { ObjectStore } from "./object-store";
import { s3Store, type S3Config } from "./s3-store";
import { log } from "@/lib/log/logger";

/**
 * Audio of each transcription, under `{user}/{transcription}/`: the upload as sent
 * (ORIGINAL) and the 16 kHz mono WAV the engines hear and the player plays (NORMALISED).
 * Kept in an S3-compatible bucket when S3_BUCKET is set (web and worker hosts share it),
 * else under DATA_DIR/audio. Keys are built from generated ids only, never from anything a
 * client sent, so no name can escape.
 */
export const ORIGINAL = "original";
export const NORMALISED = "normalised.wav";

const SAFE_ID = /^[\w-]+$/;

/**
 * The type an original is served back with: the client said it, so only a plain audio or
 * video type goes through (never text/html or the like on our origin).
 */
export function servedType(contentType: string): string {
  return /^(audio|video)\/[\w.+-]{1,60}$/.test(contentType) ? contentType : "application/octet-stream";
}

export function audioKey(userId: string, transcriptionId: string): string {
  if (!SAFE_ID.test(userId) || !SAFE_ID.test(transcriptionId)) throw new Error("unsafe storage key");
  return `${userId}/${transcriptionId}`;
}

let cached: { config: string; store: ObjectStore } | undefined;

/** The bucket this process's configuration names; null when audio is kept on local disk. */
export function bucketConfig(): S3Config | null {
  const e = env();
  if (!e.S3_BUCKET) return null;
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** The store this process's configuration names (re-chosen when it changes, as in tests). */
export function audioStore(): ObjectStore {
  const e = env();
  const config = [e.DATA_DIR, e.S3_BUCKET, e.S3_ENDPOINT, e.S3_REGION, e.S3_ACCESS_KEY_ID, e.S3_FORCE_PATH_STYLE].join("\u0000");
  if (cached?.config !== config) {
    const bucket = bucketConfig();
    const store = bucket ? s3Store(bucket) : localStore(path.resolve(e.DATA_DIR, "audio"));
    cached = { config, store };
  }
  return cached.store;
}

/** Where an upload is written and checked before it goes to the store: this host's disk, beside the local store. */
export function incomingDir(transcriptionId: string): string {
  if (!SAFE_ID.test(transcriptionId)) throw new Error("unsafe storage key");
  return path.resolve(env().DATA_DIR, "incoming", transcriptionId);
}

export class TooLarge extends Error {}

/** Streams a request body to disk, counting bytes; past `maxBytes` it stops and throws TooLarge. */
export async function saveStream(body: ReadableStream<Uint8Array>, file: string, maxBytes: number): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > maxBytes) callback(new TooLarge());
      else callback(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>), counter, createWriteStream(file));
  return total;
}

export async function removeAudio(key: string): Promise<void> {
  await audioStore().removePrefix(key);
}

/** The files of one user's removed account: their whole folder, or only `keys` when some of it passed to others. */
async function removeUserAudio(userId: string, keys: string[]): Promise<void> {
  if (!SAFE_ID.test(userId)) throw new Error("unsafe storage key");
  for (const key of keys) await removeAudio(key);
}

/**
 * After an account's rows are gone, a failure to delete its files must not turn the deletion
 * into an error (it happened); it is logged for the operator to clean up by hand.
 */
export async function removeUserAudioQuietly(userId: string, keys: string[] = [userId]): Promise<void> {
  await removeUserAudio(userId, keys).catch((error: unknown) => log().error({ err: error, userId }, "could not remove the audio of a deleted user"));
}
