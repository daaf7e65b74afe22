import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiSpeakers } from "@/lib/speakers/speaker-answers";
import { dismissSuggestion, speakerFromPath, speakersOf } from "@/lib/speakers/voice-profiles";
import * as speakersApi from "@/lib/api/endpoints/speakers";

/** "No, that is not Maya": the speaker gets no suggestion again; answers with the speakers as they are now. */
export const POST = route(speakersApi.dismissSpeakerMatch, { auth: "user" }, async ({ user, params }) => {
  await dismissSuggestion(db(), user.id, params.id, speakerFromPath(params.speaker));
  return toApiSpeakers(await speakersOf(db(), user.id, params.id));
});
