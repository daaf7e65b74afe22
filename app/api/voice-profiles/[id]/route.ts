import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { deleteVoiceProfile } from "@/lib/speakers/voice-profiles";
import * as speakersApi from "@/lib/api/endpoints/speakers";

/** Deletes the profile and its voice embedding. */
export const DELETE = route(speakersApi.deleteVoiceProfile, { auth: "user" }, async ({ user, params }) => {
  await deleteVoiceProfile(db(), user.id, params.id);
  return noContent();
});
