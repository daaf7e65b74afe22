import { createReadStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { Database } from "@/lib/db/client";
import { subscriptions, users } from "@/lib/db/schema";
import { createTranscription } from "@/lib/transcription/create";

/** A user on the enterprise plan (no hour limit), for benchmarks. */
export async function benchUser(db: Database, id: string): Promise<string> {
  await db.insert(users).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  await db.insert(subscriptions).values({ id: `sub-${id}`, userId: id, planId: "enterprise", status: "active", billingInterval: "monthly" });
  return id;
}

/** Uploads an English WAV as the API does: streamed, its headers checked, stored and queued (a worker decodes it). */
export function uploadWav(db: Database, userId: string, file: string) {
  return createTranscription(db, {
    userId,
    body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
    declaredBytes: null,
    filename: path.basename(file),
    contentType: "audio/wav",
    language: "en",
    source: "upload",
  });
}
