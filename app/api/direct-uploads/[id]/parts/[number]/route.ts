import { db } from "@/lib/db/client";
import { requireDirectUploads } from "@/lib/uploads/direct-upload-bucket";
import { route } from "@/lib/http/route";
import { ownedDirectUpload, recordPart } from "@/lib/uploads/direct-uploads";
import * as uploadsApi from "@/lib/api/endpoints/uploads";

/** A part arrived in the bucket: its receipt (the ETag the bucket answered) is recorded. */
export const PUT = route(uploadsApi.recordDirectUploadPart, { auth: "user", apiKey: "write" }, async ({ user, params, body, within }) => {
  requireDirectUploads();
  await recordPart(db(), await ownedDirectUpload(db(), user.id, params.id, within), Number(params.number), body.etag);
  return { ok: true as const };
});
