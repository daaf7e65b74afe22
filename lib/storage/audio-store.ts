import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "@/lib/env";

/**
 * Audio files on local disk under DATA_DIR/audio/{user}/{transcription}/. Keys are built
 * from generated ids only, never from anything a client sent, so no name can escape.
 */
export const ORIGINAL = "original";
export const NORMALISED = "normalised.wav";

function audioRoot(): string {
  return path.resolve(env().DATA_DIR, "audio");
}

const SAFE_ID = /^[\w-]+$/;

export function audioKey(userId: string, transcriptionId: string): string {
  if (!SAFE_ID.test(userId) || !SAFE_ID.test(transcriptionId)) throw new Error("unsafe storage key");
  return `${userId}/${transcriptionId}`;
}

export function audioDir(key: string): string {
  const dir = path.resolve(audioRoot(), key);
  if (!dir.startsWith(audioRoot() + path.sep)) throw new Error("storage key escapes the audio root");
  return dir;
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
  await rm(audioDir(key), { recursive: true, force: true });
}

/** Every file of one user (all their transcriptions), for account removal. */
async function removeUserAudio(userId: string): Promise<void> {
  if (!SAFE_ID.test(userId)) throw new Error("unsafe storage key");
  await removeAudio(userId);
}

/**
 * After an account's rows are gone, a failure to delete its files must not turn the deletion
 * into an error (it happened); it is logged for the operator to clean up by hand.
 */
export async function removeUserAudioQuietly(userId: string): Promise<void> {
  await removeUserAudio(userId).catch((error: unknown) => console.error(`[storage] could not remove the audio of deleted user ${userId}`, error));
}
