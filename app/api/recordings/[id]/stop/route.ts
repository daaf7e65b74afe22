import { db } from "@/lib/db/client";
import { StoppedRecording } from "@/lib/api/contract/recordings";
import { route } from "@/lib/http/route";
import { stopRecording } from "@/lib/live/recording";
import { toApiTranscription } from "@/lib/transcription/queries";

/** Ends a live recording: a queued transcription of everything received (null when nothing was). */
export const POST = route({ auth: "user", answer: StoppedRecording }, async ({ user, params }) => {
  const t = await stopRecording(db(), user.id, params.id);
  return { transcription: t ? toApiTranscription(t) : null };
});
