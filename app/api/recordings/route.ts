import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { startRecording } from "@/lib/recordings/recording";
import { toApiTranscription } from "@/lib/transcription/queries";
import * as recordingsApi from "@/lib/api/endpoints/recordings";

/** Starts a live recording: `{title, language, mode}` → the transcription it becomes, and whether words appear live. */
export const POST = route(recordingsApi.startRecording, { auth: "user" }, async ({ user, space, body }) => {
  const started = await startRecording(db(), user.id, { title: body.title, language: body.language ?? null, mode: body.mode, workspaceId: space, vocabulary: body.vocabulary });
  return {
    transcription: toApiTranscription(started.transcription),
    live: started.live,
    not_live_reason: started.notLiveReason,
    allowance_s: started.allowanceS,
  };
});
