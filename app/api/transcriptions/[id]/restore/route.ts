import { ApiTranscription } from "@/lib/api/contract/transcriptions";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { restoreTranscription } from "@/lib/transcription/deletion";
import { toApiTranscription } from "@/lib/transcription/queries";

/** Brings a transcription back from Recently deleted; one that is not there is 404. */
export const POST = route({ auth: "user", answer: ApiTranscription }, async ({ user, params }) =>
  toApiTranscription(await restoreTranscription(db(), user.id, params.id)),
);
