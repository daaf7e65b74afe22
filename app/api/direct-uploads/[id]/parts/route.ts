import { db } from "@/lib/db/client";
import { requireDirectUploads } from "@/lib/http/direct-upload-bucket";
import { route } from "@/lib/http/route";
import { PartAddresses, SignParts } from "@/lib/api/contract/uploads";
import { ownedDirectUpload, signParts } from "@/lib/uploads/direct-uploads";

/** Presigned addresses to PUT these parts to (valid for an hour). */
export const POST = route({ auth: "user", apiKey: "write", body: SignParts, answer: PartAddresses }, async ({ user, params, body }) => {
  const bucket = requireDirectUploads();
  return { urls: await signParts(bucket, await ownedDirectUpload(db(), user.id, params.id), body.numbers) };
});
