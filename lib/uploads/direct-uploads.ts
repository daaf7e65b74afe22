import { randomUUID } from "node:crypto";
import { and, asc, eq, lt } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { directUploadParts, directUploads, type DirectUpload, type Transcription } from "@/lib/db/schema";
import { isForeignKeyViolation } from "@/lib/db/errors";
import type { Within } from "@/lib/access/visibility";
import { DomainError } from "@/lib/errors/domain-error";
import { ORIGINAL, audioKey } from "@/lib/storage/audio-store";
import type { BucketMultipart } from "@/lib/storage/bucket-multipart";
import { admitUpload, storedContentType } from "@/lib/transcription/create";
import { abortQuietly, acceptMultipart } from "./multipart-acceptance";
import { lockOpenUploads } from "@/lib/transcription/open-uploads";
import { MAX_PARTS, MAX_SIGNED_PER_REQUEST, partBytesFor } from "@/lib/api/contract/upload-parts";
import { UPLOAD_EXPIRY_MS } from "@/lib/api/contract/upload-parts";

/**
 * Uploads that go from the browser straight to the bucket (S3_DIRECT_UPLOADS): the web host
 * admits the file (name, plan, language, size), starts an S3 multipart upload at the
 * transcription's final key, signs an address for each part, records each part's receipt
 * (the ETag the bucket answered), and when every part is there completes the object — the
 * bucket refuses a receipt that is not its part's — checks its size, reads its headers from
 * the bucket and queues it like any upload. Nothing the browser says is taken on trust.
 */
export interface DirectUploadRequest {
  filename: string;
  size: number;
  contentType: string;
  language: string | null;
  source: "upload" | "recording";
  firstSeconds: number | null;
  /** null: detect */
  speakers: number | null;
  /** terms for this upload alone */
  vocabulary?: string[];
}


const NO_SUCH_UPLOAD = "There is no such upload.";

export const partCount = (u: Pick<DirectUpload, "sizeBytes" | "partBytes">) => Math.max(1, Math.ceil(u.sizeBytes / u.partBytes));

export async function startDirectUpload(
  database: Database,
  bucket: BucketMultipart,
  userId: string,
  workspaceId: string | null,
  input: DirectUploadRequest,
): Promise<DirectUpload> {
  if (!Number.isSafeInteger(input.size) || input.size < 0) throw new DomainError("invalid", "Say the file's size in bytes.");
  const admission = await admitUpload(database, { userId, workspaceId, filename: input.filename, language: input.language, declaredBytes: input.size, firstSeconds: input.firstSeconds, speakers: input.speakers, vocabulary: input.vocabulary });
  const partBytes = partBytesFor(input.size);
  if (Math.ceil(input.size / partBytes) > MAX_PARTS) throw new DomainError("too_large", admission.tooLarge);
  const id = randomUUID();
  const objectKey = `${audioKey(userId, id)}/${ORIGINAL}`;
  const contentType = storedContentType(input.contentType);
  const bucketUploadId = await bucket.create(objectKey, contentType);
  const upload = {
    id,
    userId,
    workspaceId,
    objectKey,
    bucketUploadId,
    sizeBytes: input.size,
    partBytes,
    filename: admission.filename,
    contentType,
    language: admission.language,
    source: input.source,
    firstSeconds: admission.firstSeconds,
    speakersExpected: admission.speakers,
    vocabulary: admission.vocabulary,
  };
  try {
    // Counted and recorded in one step (the bucket is asked before, not while the user's row is held).
    return await database.transaction(async (tx) => {
      await lockOpenUploads(tx, userId);
      const [row] = await tx.insert(directUploads).values(upload).returning();
      return row;
    });
  } catch (error) {
    await abortQuietly(bucket, upload);
    throw error;
  }
}

/** The caller's own unfinished direct upload; anyone else's, or a finished one, is not found. */
export async function ownedDirectUpload(database: Database, userId: string, id: string, within?: Within): Promise<DirectUpload> {
  const [row] = await database
    .select()
    .from(directUploads)
    .where(and(eq(directUploads.id, id), eq(directUploads.userId, userId)));
  // With an API key, one started in another space than the key's is not there.
  if (!row || (within && row.workspaceId !== within.space)) throw new DomainError("not_found", NO_SUCH_UPLOAD);
  return row;
}

/** The size part `n` has: the part size, except the last, which holds the rest. */
const partSize = (u: DirectUpload, n: number) => (n < partCount(u) ? u.partBytes : u.sizeBytes - u.partBytes * (partCount(u) - 1));

function checkPartNumber(upload: DirectUpload, n: number) {
  const count = partCount(upload);
  if (!Number.isInteger(n) || n < 1 || n > count) throw new DomainError("invalid", `Part numbers go from 1 to ${count}.`);
}

/** Presigned addresses for these parts (each a PUT of exactly that part of this upload). */
export async function signParts(bucket: BucketMultipart, upload: DirectUpload, numbers: number[]): Promise<Record<string, string>> {
  if (numbers.length > MAX_SIGNED_PER_REQUEST) throw new DomainError("invalid", `Ask for at most ${MAX_SIGNED_PER_REQUEST} parts at a time.`);
  numbers.forEach((n) => checkPartNumber(upload, n));
  const urls: Record<string, string> = {};
  for (const n of new Set(numbers)) urls[n] = await bucket.partUrl(upload.objectKey, upload.bucketUploadId, n, partSize(upload, n));
  return urls;
}

/** An ETag as S3-compatible stores write it: quoted hex, with "-N" for a part made of parts. */
const ETAG = /^"?[0-9a-fA-F]{16,64}(-\d+)?"?$/;

/** Records a part's receipt: the ETag the bucket answered its PUT with (sent again: the newer one counts). */
export async function recordPart(database: Database, upload: DirectUpload, number: number, etag: string): Promise<void> {
  checkPartNumber(upload, number);
  if (!ETAG.test(etag)) throw new DomainError("invalid", "Send the ETag the storage answered for this part.");
  await database
    .insert(directUploadParts)
    .values({ uploadId: upload.id, number, etag })
    .onConflictDoUpdate({ target: [directUploadParts.uploadId, directUploadParts.number], set: { etag } })
    .catch((error: unknown) => {
      // Canceled, finished or swept since it was looked up: the receipt has nothing to belong to.
      if (isForeignKeyViolation(error)) throw new DomainError("not_found", NO_SUCH_UPLOAD);
      throw error;
    });
}

/** The parts whose receipts arrived: what a resumed upload need not send again. */
export async function arrivedParts(database: Database, upload: DirectUpload): Promise<Array<{ number: number; size: number; etag: string }>> {
  const rows = await database.select().from(directUploadParts).where(eq(directUploadParts.uploadId, upload.id)).orderBy(asc(directUploadParts.number));
  return rows.map((r) => ({ number: r.number, size: partSize(upload, r.number), etag: r.etag }));
}

/**
 * Every part arrived: completes the object from the recorded receipts (the bucket checks each
 * against its part), checks the object's size, then accepts it as a transcription. A refusal
 * (a receipt that does not match, not audio, over the plan) removes the object; the upload
 * row goes either way.
 */
export async function completeDirectUpload(database: Database, bucket: BucketMultipart, upload: DirectUpload): Promise<Transcription> {
  const parts = await arrivedParts(database, upload);
  if (parts.length !== partCount(upload)) {
    const missing = partCount(upload) - parts.length;
    throw new DomainError("conflict", `${missing} of ${partCount(upload)} parts of this file have not arrived yet. Send them, then finish the upload.`);
  }
  // Claimed by one request: a second "complete" racing it finds no row.
  const claimed = await database.delete(directUploads).where(eq(directUploads.id, upload.id)).returning({ id: directUploads.id });
  if (!claimed.length) throw new DomainError("not_found", NO_SUCH_UPLOAD);
  return acceptMultipart(database, bucket, { ...upload, speakers: upload.speakersExpected, vocabulary: upload.vocabulary }, parts);
}

/** Canceled by its owner: the parts are dropped from the bucket and nothing is charged. */
export async function cancelDirectUpload(database: Database, bucket: BucketMultipart, upload: DirectUpload): Promise<void> {
  await database.delete(directUploads).where(eq(directUploads.id, upload.id));
  await abortQuietly(bucket, upload);
}

/** Direct uploads started more than a day ago: aborted in the bucket (their parts go) and forgotten. */
export async function sweepExpiredDirectUploads(database: Database, bucket: BucketMultipart, now = Date.now()): Promise<number> {
  const expired = await database
    .delete(directUploads)
    .where(lt(directUploads.createdAt, new Date(now - UPLOAD_EXPIRY_MS)))
    .returning();
  for (const u of expired) await abortQuietly(bucket, u);
  return expired.length;
}
