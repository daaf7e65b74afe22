import { db } from "@/lib/db/client";
import { objectResponse } from "@/lib/http/object-response";
import { route } from "@/lib/http/route";
import { NORMALISED, ORIGINAL, audioStore, servedType } from "@/lib/storage/audio-store";
import { readableTranscription } from "@/lib/transcription/queries";
import * as transcriptionsApi from "@/lib/api/endpoints/transcription";

/**
 * The normalised audio the transcript was timed against, so seeking lines up exactly; the
 * upload as sent until a worker has decoded it.
 */
export const GET = route(transcriptionsApi.transcriptionAudio, { auth: "user", apiKey: "read" }, async ({ request, user, params, within }) => {
  const t = await readableTranscription(db(), user.id, params.id, within);
  if (!t.audioReady) return objectResponse(request, audioStore(), `${t.audioKey}/${ORIGINAL}`, servedType(t.contentType));
  return objectResponse(request, audioStore(), `${t.audioKey}/${NORMALISED}`, "audio/wav");
});
