import type { Database } from "@/lib/db/client";
import type { Transcription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { audioKey, removeAudio } from "@/lib/storage/audio-store";
import type { BucketMultipart } from "@/lib/storage/bucket-multipart";
import { remoteMedia } from "@/lib/transcription/audio";
import { acceptStoredUpload, admitUpload } from "@/lib/transcription/create";
import { log } from "@/lib/log/logger";

/** A multipart upload whose every byte has arrived in the bucket, and what its user said about the file. */
export interface ArrivedMultipart {
  id: string;
  userId: string;
  workspaceId: string | null;
  objectKey: string;
  bucketUploadId: string;
  sizeBytes: number;
  filename: string;
  contentType: string;
  language: string | null;
  source: "upload" | "recording";
  firstSeconds: number | null;
  speakers: number | null;
  vocabulary: string[];
}

/**
 * The last step of both ways a file arrives in the bucket in parts (straight from the browser,
 * or through any web host with tus): the bucket joins the parts — refusing an ETag that is not
 * its part's —, the object's size is checked, its headers are read from the bucket, and it is
 * queued like any upload. Refused, the parts and any object are dropped: nothing is charged.
 */
export async function acceptMultipart(database: Database, bucket: BucketMultipart, upload: ArrivedMultipart, parts: Array<{ number: number; etag: string }>): Promise<Transcription> {
  const key = audioKey(upload.userId, upload.id);
  try {
    await bucket.complete(upload.objectKey, upload.bucketUploadId, parts).catch((error: unknown) => {
      log().warn({ err: error, uploadId: upload.id }, "the bucket refused to complete a multipart upload");
      throw new DomainError("conflict", "The parts that arrived do not match the file. Upload it again.");
    });
    const size = await bucket.size(upload.objectKey);
    if (size !== upload.sizeBytes) throw new DomainError("invalid", "The upload was interrupted. Please try again.");
    const { head, url } = await bucket.readable(upload.objectKey, 4096);
    const admission = await admitUpload(database, {
      userId: upload.userId,
      workspaceId: upload.workspaceId,
      filename: upload.filename,
      language: upload.language,
      declaredBytes: size,
      firstSeconds: upload.firstSeconds,
      speakers: upload.speakers,
      vocabulary: upload.vocabulary,
    });
    return await acceptStoredUpload(database, admission, {
      id: upload.id,
      file: remoteMedia(url, head, size),
      size,
      contentType: upload.contentType,
      source: upload.source,
    });
  } catch (error) {
    await abortQuietly(bucket, upload);
    await removeAudio(key).catch((e: unknown) => log().error({ err: e, key }, "could not remove the audio of a refused upload"));
    throw error;
  }
}

/** Parts left in the bucket cost storage, not correctness: a failed abort is logged for the operator (a bucket lifecycle rule also clears them). */
export async function abortQuietly(bucket: BucketMultipart, upload: Pick<ArrivedMultipart, "id" | "objectKey" | "bucketUploadId">): Promise<void> {
  await bucket.abort(upload.objectKey, upload.bucketUploadId).catch((error: unknown) =>
    log().warn({ err: error, uploadId: upload.id }, "could not abort a multipart upload in the bucket"),
  );
}
