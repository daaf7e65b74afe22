import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { stopRecording } from "@/lib/recordings/recording";
import { toApiTranscription } from "@/lib/transcription/queries";
import * as recordingsApi from "@/lib/api/endpoints/recordings";

/** Ends a live recording: a queued transcription of everything received (null when nothing was). */
export const POST = route(recordingsApi.stopRecording, { auth: "user" }, async ({ user, params }) => {
  const t = await stopRecording(db(), user.id, params.id);
  return { transcription: t ? toApiTranscription(t) : null };
});
