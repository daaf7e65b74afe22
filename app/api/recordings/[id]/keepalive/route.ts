import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { keepRecording } from "@/lib/recordings/recording";
import * as recordingsApi from "@/lib/api/endpoints/recordings";

/** A paused recording is still wanted: it is not stopped as abandoned. */
export const POST = route(recordingsApi.keepRecordingAlive, { auth: "user" }, async ({ user, params }) => {
  await keepRecording(db(), user.id, params.id);
  return { ok: true as const };
});
