import { db } from "@/lib/db/client";
import { requireDirectUploads } from "@/lib/uploads/direct-upload-bucket";
import { route } from "@/lib/http/route";
import { ownedDirectUpload, signParts } from "@/lib/uploads/direct-uploads";
import * as uploadsApi from "@/lib/api/endpoints/uploads";

/** Presigned addresses to PUT these parts to (valid for an hour). */
export const POST = route(uploadsApi.signDirectUploadParts, { auth: "user", apiKey: "write" }, async ({ user, params, body, within }) => {
  const bucket = requireDirectUploads();
  return { urls: await signParts(bucket, await ownedDirectUpload(db(), user.id, params.id, within), body.numbers) };
});
