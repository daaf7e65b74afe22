import { randomUUID } from "node:crypto";
import { createWriteStream, readdirSync, rmSync, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DataStore, ERRORS, Upload } from "@tus/server";
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { bucketTusParts, bucketTusUploads, type BucketTusUpload } from "@/lib/db/schema";
import type { BucketMultipart } from "@/lib/storage/bucket-multipart";
import { audioKey, ORIGINAL, removeAudio } from "@/lib/storage/audio-store";
import { partBytesFor, UPLOAD_EXPIRY_MS } from "@/lib/api/contract/upload-parts";
import { log } from "@/lib/log/logger";

/** The finished upload's parts, for the bucket to join: each part's number and ETag. */
export interface ClaimedUpload {
  row: BucketTusUpload;
  parts: Array<{ number: number; etag: string }>;
}

/** A claim to accept a finished upload older than this was left by a host that died: another request may take it. */
const FINISHING_STALE_S = 600;

/** Bytes past the last whole part wait here, named by the offset they end at (so a late writer never overwrites newer ones). */
const tailKey = (row: Pick<BucketTusUpload, "objectKey">, endOffset: number) => `${row.objectKey}.tus-tail-${endOffset}`;

/**
 * The tus store of a deployment whose audio is in a bucket: each upload is one S3 multipart
 * upload of its final object (`<audio>/original`), filled part by part as PATCHes arrive on
 * any web host, its offset and parts in PostgreSQL (bucket_tus_uploads). A part is built in a
 * spool file of this host's disk (at most one part, 8–64 MiB, per request under way), never
 * in memory. Bytes short of a whole part when a request ends (a dropped connection or a small
 * PATCH) are kept in the bucket too, so another host can go on from them. Offsets move by
 * compare-and-set: a writer whose upload moved under it (a host that lost its lease) fails
 * with a conflict instead of overwriting.
 */
export class BucketTusStore extends DataStore {
  /** this host's writes under way, by upload */
  private readonly writing = new Map<string, Promise<void>>();

  constructor(
    private readonly database: Database,
    private readonly bucket: BucketMultipart,
    private readonly spoolDir: string,
  ) {
    super();
    this.extensions = ["creation", "creation-with-upload", "termination", "expiration"];
  }

  getExpiration(): number {
    return UPLOAD_EXPIRY_MS;
  }

  async create(upload: Upload): Promise<Upload> {
    const owner = upload.metadata?.owner;
    if (!owner || upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    const objectKey = `${audioKey(owner, upload.id)}/${ORIGINAL}`;
    const bucketUploadId = await this.bucket.create(objectKey, upload.metadata?.filetype || "application/octet-stream");
    upload.creation_date = new Date().toISOString();
    await this.database
      .insert(bucketTusUploads)
      .values({
        id: upload.id,
        userId: owner,
        objectKey,
        bucketUploadId,
        sizeBytes: upload.size,
        partBytes: partBytesFor(upload.size),
        metadata: upload.metadata ?? {},
        createdAt: new Date(upload.creation_date),
      })
      .catch(async (error: unknown) => {
        await this.bucket.abort(objectKey, bucketUploadId).catch(() => undefined);
        throw error;
      });
    return upload;
  }

  async getUpload(id: string): Promise<Upload> {
    return toUpload(await this.row(id));
  }

  async remove(id: string): Promise<void> {
    const [row] = await this.database.delete(bucketTusUploads).where(eq(bucketTusUploads.id, id)).returning();
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    await this.discard(row);
  }

  async declareUploadLength(): Promise<void> {
    throw ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION;
  }

  async deleteExpired(): Promise<number> {
    return this.sweepExpired();
  }

  /** Unfinished uploads started more than UPLOAD_EXPIRY_MS ago: aborted in the bucket and forgotten. Answers their ids. */
  async sweepExpired(now = Date.now()): Promise<number> {
    const expired = await this.database
      .delete(bucketTusUploads)
      .where(lt(bucketTusUploads.createdAt, new Date(now - UPLOAD_EXPIRY_MS)))
      .returning();
    for (const row of expired) await this.discard(row);
    return expired.length;
  }

  /**
   * Claims a finished upload for acceptance, once: a second request finishing it at the same
   * time (on any host) gets null. The row stays while it is accepted, so a client asking about
   * it meanwhile hears it is complete (not "no such upload", which would start it again); a
   * claim left by a host that died is taken again after FINISHING_STALE_S.
   */
  async claimFinished(id: string): Promise<ClaimedUpload | null> {
    const [row] = await this.database
      .update(bucketTusUploads)
      .set({ finishingSince: sql`now()` })
      .where(
        and(
          eq(bucketTusUploads.id, id),
          eq(bucketTusUploads.offsetBytes, bucketTusUploads.sizeBytes),
          or(isNull(bucketTusUploads.finishingSince), lt(bucketTusUploads.finishingSince, sql`now() - make_interval(secs => ${FINISHING_STALE_S})`)),
        ),
      )
      .returning();
    if (!row) return null;
    const parts = await this.database
      .select({ number: bucketTusParts.number, etag: bucketTusParts.etag })
      .from(bucketTusParts)
      .where(eq(bucketTusParts.uploadId, id))
      .orderBy(asc(bucketTusParts.number));
    return { row, parts };
  }

  /** The upload was accepted or refused: its row (and parts) go. */
  async forget(id: string): Promise<void> {
    await this.database.delete(bucketTusUploads).where(eq(bucketTusUploads.id, id));
  }

  /** Drops what a refused or abandoned upload left in the bucket; a failure costs storage, not correctness (logged). */
  async discard(row: BucketTusUpload): Promise<void> {
    await this.bucket.abort(row.objectKey, row.bucketUploadId).catch((error: unknown) => log().warn({ err: error, uploadId: row.id }, "could not abort a tus upload's multipart upload"));
    // Every tail it ever had, current or left by a request that lost a race or a host that died.
    await removeAudio(audioKey(row.userId, row.id)).catch((error: unknown) => log().warn({ err: error, uploadId: row.id }, "could not remove a tus upload's tails"));
  }

  async write(stream: Readable, id: string, offset: number): Promise<number> {
    const writing = this.writeBytes(stream, id, offset);
    const settled = writing.then(() => undefined, () => undefined);
    this.writing.set(id, settled);
    try {
      return await writing;
    } finally {
      if (this.writing.get(id) === settled) this.writing.delete(id);
    }
  }

  /**
   * Resolves when this host's write of the upload is over. tus stops waiting for a write when
   * its request breaks, while the write is still keeping what arrived: its lock (LeaseLocker)
   * waits for this, so the next request finds the upload where the broken one left it.
   */
  async settled(id: string): Promise<void> {
    await this.writing.get(id);
  }

  private async writeBytes(stream: Readable, id: string, offset: number): Promise<number> {
    const row = await this.row(id);
    if (row.offsetBytes !== offset) throw ERRORS.INVALID_OFFSET;
    await mkdir(this.spoolDir, { recursive: true });
    const part = new PartBuilder(this, row, path.join(this.spoolDir, `${id}-${randomUUID()}`));
    try {
      await part.begin();
      let failure: unknown;
      try {
        for await (const chunk of stream) await part.add(chunk as Buffer);
      } catch (error) {
        // Cut off: what arrived is kept (as a whole part or the tail), then the request fails.
        failure = error;
      }
      const reached = await part.end();
      if (failure) throw failure;
      return reached;
    } finally {
      await part.close();
    }
  }

  private async row(id: string): Promise<BucketTusUpload> {
    const [row] = await this.database.select().from(bucketTusUploads).where(eq(bucketTusUploads.id, id)).limit(1);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return row;
  }

  /** @internal Sends a whole part, then moves the offset on if nobody else did meanwhile. */
  async storePart(row: BucketTusUpload, number: number, file: string, size: number, from: number, to: number): Promise<void> {
    const etag = await this.bucket.uploadPart(row.objectKey, row.bucketUploadId, number, file, size);
    await this.database.transaction(async (tx) => {
      await this.moveOffset(tx, row, from, to, 0);
      await tx.insert(bucketTusParts).values({ uploadId: row.id, number, etag }).onConflictDoUpdate({ target: [bucketTusParts.uploadId, bucketTusParts.number], set: { etag } });
    });
  }

  /** @internal Keeps bytes short of a whole part in the bucket, then records them. */
  async storeTail(row: BucketTusUpload, file: string, tailBytes: number, from: number, to: number): Promise<void> {
    await this.bucket.putPiece(tailKey(row, to), file);
    await this.database.transaction((tx) => this.moveOffset(tx, row, from, to, tailBytes));
  }

  /** @internal */
  readTail(row: BucketTusUpload): Promise<Readable> {
    return this.bucket.readPiece(tailKey(row, row.offsetBytes));
  }

  /** @internal The tail a new part has taken in: gone from the bucket once the part is stored. */
  removeTail(row: BucketTusUpload, endOffset: number): Promise<void> {
    return this.bucket.removePiece(tailKey(row, endOffset)).catch(() => undefined);
  }

  private async moveOffset(tx: Pick<Database, "update">, row: BucketTusUpload, from: number, to: number, tailBytes: number): Promise<void> {
    const moved = await tx
      .update(bucketTusUploads)
      .set({ offsetBytes: to, tailBytes })
      .where(and(eq(bucketTusUploads.id, row.id), eq(bucketTusUploads.offsetBytes, from)))
      .returning({ id: bucketTusUploads.id });
    // Another request (on another host, after this one's lease ran out) moved it: the client asks again where it is.
    if (!moved.length) throw ERRORS.INVALID_OFFSET;
  }
}

/**
 * One request's bytes, cut into the upload's parts. The spool file holds the part under way:
 * first the upload's tail (bytes an earlier request left short of a part), then what arrives.
 */
class PartBuilder {
  private out: WriteStream | undefined;
  private spooled = 0;
  /** the offset the stored state is at (the start of the spool, plus the stored tail's bytes) */
  private stored: number;
  /** the offset the part under way starts at */
  private partStart: number;
  private tailEnd: number;

  constructor(
    private readonly store: BucketTusStore,
    private readonly row: BucketTusUpload,
    private readonly spool: string,
  ) {
    this.stored = row.offsetBytes;
    this.partStart = row.offsetBytes - row.tailBytes;
    this.tailEnd = row.tailBytes > 0 ? row.offsetBytes : 0;
  }

  async begin(): Promise<void> {
    this.out = spoolStream(this.spool);
    if (this.row.tailBytes > 0) {
      await pipeline(await this.store.readTail(this.row), this.out, { end: false });
      this.spooled = this.row.tailBytes;
    }
  }

  async add(chunk: Buffer): Promise<void> {
    const { partBytes, sizeBytes } = this.row;
    let rest = chunk;
    while (rest.length) {
      const room = Math.min(partBytes - this.spooled, sizeBytes - this.partStart - this.spooled);
      if (room <= 0) throw ERRORS.ERR_SIZE_EXCEEDED;
      const take = rest.subarray(0, room);
      await write(this.out!, take);
      this.spooled += take.length;
      rest = rest.subarray(take.length);
      if (this.spooled === partBytes) await this.flushPart();
    }
  }

  /**
   * Stores what the spool holds past the stored offset: a whole part (the last one, or one
   * whose sending failed a moment ago: it is sent again, never kept as a tail no part could
   * follow), else the tail.
   */
  async end(): Promise<number> {
    const reached = this.partStart + this.spooled;
    if (reached === this.stored) return reached;
    if (reached === this.row.sizeBytes || this.spooled === this.row.partBytes) await this.flushPart();
    else {
      await finish(this.out!);
      this.out = undefined;
      await this.store.storeTail(this.row, this.spool, this.spooled, this.stored, reached);
      if (this.tailEnd) await this.store.removeTail(this.row, this.tailEnd);
    }
    return reached;
  }

  async close(): Promise<void> {
    this.out?.destroy();
    await rm(this.spool, { force: true });
  }

  private async flushPart(): Promise<void> {
    // Already closed when an earlier attempt to send this part failed.
    if (this.out) await finish(this.out);
    this.out = undefined;
    const number = this.partStart / this.row.partBytes + 1;
    const to = this.partStart + this.spooled;
    await this.store.storePart(this.row, number, this.spool, this.spooled, this.stored, to);
    if (this.tailEnd) await this.store.removeTail(this.row, this.tailEnd);
    this.tailEnd = 0;
    this.stored = to;
    this.partStart = to;
    this.spooled = 0;
    this.out = spoolStream(this.spool);
  }
}

/** A spool file; a disk error (full, too many files) fails the write that meets it, never the process. */
function spoolStream(file: string): WriteStream {
  const out = createWriteStream(file);
  out.on("error", () => undefined);
  return out;
}

function write(out: WriteStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve())));
}

function finish(out: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once("error", reject);
    out.end(() => resolve());
  });
}

function toUpload(row: BucketTusUpload): Upload {
  return new Upload({
    id: row.id,
    size: row.sizeBytes,
    offset: row.offsetBytes,
    metadata: row.metadata,
    creation_date: row.createdAt.toISOString(),
  });
}

/**
 * This process's spool folder under `root`, after removing those of processes no longer
 * running (a host killed mid-request leaves its part-built spool files behind).
 */
export function processSpoolDir(root: string): string {
  for (const name of readdirSync(root, { withFileTypes: true, encoding: "utf8" }).map((e) => e.name)) {
    if (!isRunning(Number(name))) rmSync(path.join(root, name), { recursive: true, force: true });
  }
  return path.join(root, String(process.pid));
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
