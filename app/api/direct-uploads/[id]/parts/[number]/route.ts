import { db } from "@/lib/db/client";
import { requireDirectUploads } from "@/lib/http/direct-upload-bucket";
import { route } from "@/lib/http/route";
import { OkAnswer } from "@/lib/api/contract/common";
import { PartReceipt } from "@/lib/api/contract/uploads";
import { ownedDirectUpload, recordPart } from "@/lib/uploads/direct-uploads";

/** A part arrived in the bucket: its receipt (the ETag the bucket answered) is recorded. */
export const PUT = route({ auth: "user", apiKey: "write", body: PartReceipt, answer: OkAnswer }, async ({ user, params, body }) => {
  requireDirectUploads();
  await recordPart(db(), await ownedDirectUpload(db(), user.id, params.id), Number(params.number), body.etag);
  return { ok: true as const };
});
