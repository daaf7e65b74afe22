import { db } from "@/lib/db/client";
import { handleUploadRequest } from "@/lib/http/resumable-uploads";
import { route } from "@/lib/http/route";

/**
 * Resumable uploads (tus 1.0): POST starts one (Upload-Length, Upload-Metadata: filename,
 * filetype, language, source), HEAD says how much arrived, PATCH appends a part, DELETE
 * cancels. The answer to the last part is the new transcription.
 */
const tus = route({ auth: "user", apiKey: "write" }, async ({ request, user, space, params }) => handleUploadRequest(db(), request, user, space, params.id || undefined));

export const POST = tus;
export const HEAD = tus;
export const PATCH = tus;
export const DELETE = tus;
export const OPTIONS = tus;
