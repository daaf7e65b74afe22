import { db } from "@/lib/db/client";
import { objectResponse } from "@/lib/http/object-response";
import { route } from "@/lib/http/route";
import { NORMALISED, audioStore } from "@/lib/storage/audio-store";
import { ownedTranscription } from "@/lib/transcription/queries";

/** The normalised audio the transcript was timed against, so seeking lines up exactly. */
export const GET = route({ auth: "user" }, async ({ request, user, params }) => {
  const t = await ownedTranscription(db(), user.id, params.id);
  return objectResponse(request, audioStore(), `${t.audioKey}/${NORMALISED}`, "audio/wav");
});
