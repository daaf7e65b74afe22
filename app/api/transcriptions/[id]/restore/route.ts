import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { restoreTranscription } from "@/lib/transcription/deletion";
import { toApiTranscription } from "@/lib/transcription/queries";
import * as transcriptionsApi from "@/lib/api/endpoints/transcription";

/** Brings a transcription back from Recently deleted; one that is not there is 404. */
export const POST = route(transcriptionsApi.restoreTranscription, { auth: "user" }, async ({ user, params }) =>
  toApiTranscription(await restoreTranscription(db(), user.id, params.id)),
);
