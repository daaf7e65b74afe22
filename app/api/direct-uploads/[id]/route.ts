import { db } from "@/lib/db/client";
import { requireDirectUploads } from "@/lib/uploads/direct-upload-bucket";
import { route } from "@/lib/http/route";
import { arrivedParts, cancelDirectUpload, ownedDirectUpload, partCount } from "@/lib/uploads/direct-uploads";
import * as uploadsApi from "@/lib/api/endpoints/uploads";

/** An unfinished direct upload and the parts that arrived: where a resumed upload goes on. */
export const GET = route(uploadsApi.getDirectUpload, { auth: "user", apiKey: "write" }, async ({ user, params, within }) => {
  requireDirectUploads();
  const upload = await ownedDirectUpload(db(), user.id, params.id, within);
  const parts = await arrivedParts(db(), upload);
  return { id: upload.id, size: upload.sizeBytes, part_bytes: upload.partBytes, part_count: partCount(upload), parts: parts.map((p) => ({ number: p.number, size: p.size })) };
});

/** Cancels it: its parts are dropped from the bucket. */
export const DELETE = route(uploadsApi.discardDirectUpload, { auth: "user", apiKey: "write" }, async ({ user, params, within }) => {
  const bucket = requireDirectUploads();
  await cancelDirectUpload(db(), bucket, await ownedDirectUpload(db(), user.id, params.id, within));
  return { ok: true as const };
});
