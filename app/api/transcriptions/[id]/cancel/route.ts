import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { cancelOwnedTranscription, toApiTranscription } from "@/lib/transcription/queries";
import * as transcriptionsApi from "@/lib/api/endpoints/transcription";

export const POST = route(transcriptionsApi.cancelTranscription, { auth: "user", apiKey: "write" }, async ({ user, params, within }) =>
  toApiTranscription(await cancelOwnedTranscription(db(), user.id, params.id, within)),
);
