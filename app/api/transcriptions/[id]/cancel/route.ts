import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { cancelOwnedTranscription, toApiTranscription } from "@/lib/transcription/queries";
import { ApiTranscription } from "@/lib/api/contract/transcriptions";

export const POST = route({ auth: "user", answer: ApiTranscription }, async ({ user, params }) =>
  toApiTranscription(await cancelOwnedTranscription(db(), user.id, params.id)),
);
