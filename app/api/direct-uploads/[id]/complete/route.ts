import { db } from "@/lib/db/client";
import { requireDirectUploads } from "@/lib/uploads/direct-upload-bucket";
import { route } from "@/lib/http/route";
import { toApiTranscription } from "@/lib/transcription/queries";
import { completeDirectUpload, ownedDirectUpload } from "@/lib/uploads/direct-uploads";
import * as uploadsApi from "@/lib/api/endpoints/uploads";

/** Every part arrived: the server checks them, completes the object and queues the transcription. */
export const POST = route(uploadsApi.completeDirectUpload, { auth: "user", apiKey: "write" }, async ({ user, params, within }) => {
  const bucket = requireDirectUploads();
  const upload = await ownedDirectUpload(db(), user.id, params.id, within);
  return toApiTranscription(await completeDirectUpload(db(), bucket, upload));
});
