import { db } from "@/lib/db/client";
import { requireDirectUploads } from "@/lib/uploads/direct-upload-bucket";
import { route } from "@/lib/http/route";
import { partCount, startDirectUpload } from "@/lib/uploads/direct-uploads";
import * as uploadsApi from "@/lib/api/endpoints/uploads";

/** Starts an upload straight to the bucket (S3_DIRECT_UPLOADS): the file is admitted, its parts' size chosen. */
export const POST = route(uploadsApi.startDirectUpload, { auth: "user", apiKey: "write" }, async ({ user, space, body }) => {
  const upload = await startDirectUpload(db(), requireDirectUploads(), user.id, space, {
    filename: body.filename,
    size: body.size,
    contentType: body.content_type,
    language: body.language || null,
    source: body.source,
    firstSeconds: body.first_seconds,
    speakers: body.speakers,
    vocabulary: body.vocabulary,
  });
  return { id: upload.id, size: upload.sizeBytes, part_bytes: upload.partBytes, part_count: partCount(upload), parts: [] };
});
