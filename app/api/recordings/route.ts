import { db } from "@/lib/db/client";
import { ApiRecording, RecordingStartBody } from "@/lib/api/contract/recordings";
import { route } from "@/lib/http/route";
import { startRecording } from "@/lib/live/recording";
import { toApiTranscription } from "@/lib/transcription/queries";

/** Starts a live recording: `{title, language, mode}` → the transcription it becomes, and whether words appear live. */
export const POST = route({ auth: "user", body: RecordingStartBody, status: 201, answer: ApiRecording }, async ({ user, space, body }) => {
  const started = await startRecording(db(), user.id, { title: body.title, language: body.language ?? null, mode: body.mode, workspaceId: space });
  return {
    transcription: toApiTranscription(started.transcription),
    live: started.live,
    not_live_reason: started.notLiveReason,
    allowance_s: started.allowanceS,
  };
});
