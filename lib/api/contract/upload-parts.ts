const MIB = 1024 * 1024;

/**
 * Parts of 8–64 MiB, about 32 to a file, for both ways a browser uploads (tus through the web
 * host, S3 multipart straight to the bucket): each part is acknowledged, and after a drop
 * only the unfinished part is sent again. Fewer, larger parts for large files, since every
 * part costs a round trip and a session check (a 1 GB file in 8 MiB parts arrived at 0.54×
 * the speed of one raw body, in 32 MiB parts at 0.87×; `npm run bench:upload`). S3 wants
 * parts of at least 5 MiB (except the last) and at most 10,000 of them.
 */
export function partBytesFor(size: number): number {
  return Math.min(64 * MIB, Math.max(8 * MIB, Math.ceil(size / 32 / MIB) * MIB));
}

/** S3 allows at most 10,000 parts to an upload. */
export const MAX_PARTS = 10_000;

/** Part addresses signed per request: enough to keep a few parts in flight, bounded work per call. */
export const MAX_SIGNED_PER_REQUEST = 50;

/** Unfinished uploads one user may have at once (each may hold up to max_upload_mb until it expires). */
export const MAX_OPEN_UPLOADS = 5;

/** An unfinished upload is kept this long after it started, then removed with its bytes (and no longer counts as open). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
