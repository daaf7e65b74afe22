import { call } from "@/lib/api/client";
import { getTranscription } from "@/lib/api/endpoints/transcription";
import type { UploadResult } from "./upload-types";

export const INTERRUPTED = "The upload was interrupted. Check your connection and try again.";

/** Waits between retries of a part: keeps trying for about five minutes (a laptop lid closed, a train tunnel). */
export const RETRY_DELAYS_MS = [0, 1000, 2000, 3000, 5000, 5000, 10_000, 10_000, 20_000, 30_000, 30_000, 60_000, 60_000, 60_000];

const LOOKUP_TRIES = 30;
const LOOKUP_EVERY_MS = 2000;

/**
 * The transcription an upload became when the answer saying so was lost (its id is the
 * upload's). The server may still be checking the file: asked again for about a minute.
 */
export async function transcriptionById(id: string): Promise<UploadResult> {
  for (let attempt = 0; attempt < LOOKUP_TRIES; attempt++) {
    const found = await call(getTranscription, { params: { id } });
    if (found.ok) return { ok: true, transcription: found.data };
    if (found.status !== 404 && found.status !== 0) break;
    await new Promise((resolve) => setTimeout(resolve, LOOKUP_EVERY_MS));
  }
  return { ok: false, error: "The upload could not be finished. Please upload the file again." };
}
