import { createReadStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { Database } from "@/lib/db/client";
import { createTranscription } from "@/lib/transcription/create";

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
