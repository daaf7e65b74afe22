import { db } from "@/lib/db/client";
import { NoContent } from "@/lib/api/contract/speakers";
import { route } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { deleteVoiceProfile } from "@/lib/speakers/voice-profiles";

/** Deletes the profile and its voice embedding. */
export const DELETE = route({ auth: "user", answer: NoContent }, async ({ user, params }) => {
  await deleteVoiceProfile(db(), user.id, params.id);
  return noContent();
});
