import { DeletedTranscriptionList } from "@/lib/api/contract/transcriptions";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { listRecentlyDeleted, toApiDeleted } from "@/lib/transcription/deletion";

/** Recently deleted: the user's deleted transcriptions still kept, each with when it is removed for good. */
export const GET = route({ auth: "user", answer: DeletedTranscriptionList }, async ({ user }) => ({
  transcriptions: (await listRecentlyDeleted(db(), user.id)).map(toApiDeleted),
}));
