import * as uploadsApi from "@/lib/api/endpoints/uploads";
import type { Endpoint } from "@/lib/api/endpoint";
import { db } from "@/lib/db/client";
import { handleUploadRequest } from "@/lib/uploads/web/resumable-uploads";
import { route } from "@/lib/http/route";

/**
 * Resumable uploads (tus 1.0): POST starts one (Upload-Length, Upload-Metadata: filename,
 * filetype, language, source), HEAD says how much arrived, PATCH appends a part, DELETE
 * cancels, OPTIONS tells a client what the server supports. The answer to the last part is
 * the new transcription.
 */
const tus = (served: Endpoint) =>
  route(served, { auth: "user", apiKey: "write" }, async ({ request, user, space, params, within }) =>
    handleUploadRequest(db(), request, user, space, (params as { id?: string }).id || undefined, within),
  );

export const POST = tus(uploadsApi.createResumableUpload);
export const HEAD = tus(uploadsApi.resumableUploadOffset);
export const PATCH = tus(uploadsApi.appendResumableUpload);
export const DELETE = tus(uploadsApi.cancelResumableUpload);
export const OPTIONS = tus(uploadsApi.resumableUploadOptions);
