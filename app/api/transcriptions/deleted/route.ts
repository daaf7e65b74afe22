import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { listRecentlyDeleted, toApiDeleted } from "@/lib/transcription/deletion";
import * as transcriptionsApi from "@/lib/api/endpoints/transcription";

/** Recently deleted: the user's deleted transcriptions still kept, each with when it is removed for good. */
export const GET = route(transcriptionsApi.listDeletedTranscriptions, { auth: "user" }, async ({ user }) => ({
  transcriptions: (await listRecentlyDeleted(db(), user.id)).map(toApiDeleted),
}));
