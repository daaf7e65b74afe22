import path from "node:path";
import { db } from "@/lib/db/client";
import { fileResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { NORMALISED, audioDir } from "@/lib/storage/audio-store";
import { ownedTranscription } from "@/lib/transcription/queries";

/** The normalised audio the transcript was timed against, so seeking lines up exactly. */
export const GET = route({ auth: "user" }, async ({ request, user, params }) => {
  const t = await ownedTranscription(db(), user.id, params.id);
  return fileResponse(request, path.join(audioDir(t.audioKey), NORMALISED), "audio/wav");
});
