import { DomainError } from "@/lib/errors/domain-error";
import { directUploadBucket, type BucketMultipart } from "@/lib/storage/bucket-multipart";

/** The bucket browsers upload to; 404 for the whole API when direct uploads are off. */
export function requireDirectUploads(): BucketMultipart {
  const bucket = directUploadBucket();
  if (!bucket) throw new DomainError("not_found", "Uploads straight to storage are not enabled here. Use the resumable uploads at /api/uploads.");
  return bucket;
}
