import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { directUploadParts, directUploads, jobs, transcriptions, type DirectUpload } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { audioStore } from "@/lib/storage/audio-store";
import { bucketMultipart, directUploadBucket, type BucketMultipart } from "@/lib/storage/bucket-multipart";
import { UNREADABLE } from "@/lib/transcription/media-whitelist";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { largeWavSeconds, writeLargeWav } from "@/test/support/large-wav";
import { startS3Server, type S3Server } from "@/test/support/s3-server";
import { insertUser } from "@/test/support/users";
import {
  arrivedParts,
  cancelDirectUpload,
  completeDirectUpload,
  ownedDirectUpload,
  partCount,
  recordPart,
  signParts,
  startDirectUpload,
  sweepExpiredDirectUploads,
  type DirectUploadRequest,
} from "./direct-uploads";
import { UPLOAD_EXPIRY_MS } from "@/lib/api/contract/upload-parts";

const JFK = path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav"); // 11 s of speech
const MIB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;
const BROWSER_ORIGIN = "http://app.test";

const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

/** Bytes that are no kind of media: a fixed xorshift stream, so every run probes the same file. */
function noiseBytes(length: number): Buffer {
  const out = Buffer.alloc(length);
  let x = 0x9e3779b9;
  for (let i = 0; i + 4 <= length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.writeUInt32LE(x >>> 0, i);
  }
  return out;
}

/** What a caught promise threw (or what it resolved to, which the test then fails on). */
const caught = (p: Promise<unknown>) => p.then((value) => ({ resolved: value }), (error: unknown) => error);

describe.each(BACKENDS.slice(0, 1))("uploads sent straight to the bucket (S3 multipart), on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx", S3_DIRECT_UPLOADS: "true" });
  const s3 = new Map<"s3", S3Server>();
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-direct-uploads-"));
  /** Files built once: a 20 MB WAV (3 parts), a 10 MB WAV (2 parts). */
  const files = { large: path.join(dir, "large.wav"), two: path.join(dir, "two-parts.wav") };
  const sizes = { large: 0, two: 0 };
  beforeAll(async () => {
    const server = await startS3Server("verbatim-direct", [BROWSER_ORIGIN]);
    s3.set("s3", server);
    Object.assign(process.env, server.env);
    sizes.large = await writeLargeWav(files.large, 20_000_000);
    sizes.two = await writeLargeWav(files.two, 10_000_000);
  });
  afterAll(async () => {
    await s3.get("s3")?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const t = useOpenedDatabase(open);

  const bucket = (): BucketMultipart => {
    const b = directUploadBucket();
    if (!b) throw new Error("direct uploads are not configured in this test");
    return b;
  };
  const request = (over: Partial<DirectUploadRequest> & Pick<DirectUploadRequest, "filename" | "size">): DirectUploadRequest => ({
    contentType: "audio/wav",
    language: null,
    source: "upload",
    firstSeconds: null,
    speakers: null,
    ...over,
  });
  /** The bytes of part `n` (1-based) of this upload. */
  const slice = (bytes: Buffer, u: DirectUpload, n: number) => bytes.subarray((n - 1) * u.partBytes, Math.min(n * u.partBytes, u.sizeBytes));
  /** A browser's PUT of exactly these bytes to a presigned address: the bucket's ETag is the receipt. */
  async function put(url: string, bytes: Uint8Array): Promise<string> {
    // A copy backed by a plain ArrayBuffer (what fetch takes as a body).
    const answer = await fetch(url, { method: "PUT", body: new Uint8Array(bytes), headers: { origin: BROWSER_ORIGIN } });
    if (!answer.ok) throw new Error(`the bucket answered ${answer.status}: ${await answer.text()}`);
    const etag = answer.headers.get("etag");
    if (!etag) throw new Error("the bucket answered no ETag");
    return etag;
  }
  /** Signs these parts, PUTs each one's bytes and records each receipt, as the browser does. */
  async function sendParts(u: DirectUpload, bytes: Buffer, numbers: number[]) {
    const urls = await signParts(bucket(), u, numbers);
    for (const n of numbers) await recordPart(t.db, u, n, await put(urls[n], slice(bytes, u, n)));
  }
  const transcriptionRows = (userId: string) => t.db.select().from(transcriptions).where(eq(transcriptions.userId, userId));
  const uploadRows = (id: string) => t.db.select().from(directUploads).where(eq(directUploads.id, id));
  const partRows = (id: string) => t.db.select().from(directUploadParts).where(eq(directUploadParts.uploadId, id));
  const secondsUsed = async (userId: string) => (await entitlementsFor(t.db, userId)).secondsUsed;
  /** Files s3rver holds whose path names this user (objects and their metadata). */
  const storedFilesOf = (userId: string) =>
    readdirSync(s3.get("s3")!.directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && path.join(entry.parentPath, entry.name).includes(userId))
      .map((entry) => entry.name);
  /** Whether s3rver still holds a multipart upload's parts (it keeps them by upload id until completed). */
  const partsHeld = (bucketUploadId: string) =>
    readdirSync(s3.get("s3")!.directory, { recursive: true }).some((f) => String(f).split(path.sep).includes(bucketUploadId));

  it("a 20 MB WAV in three 8 MiB parts: signed, PUT, recorded, completed into a queued transcription with exactly the file's bytes", async () => {
    const userId = await insertUser(t.db);
    const bytes = readFileSync(files.large);
    expect(bytes.length).toBe(sizes.large);

    const started = await startDirectUpload(t.db, bucket(), userId, null, request({ filename: "Long interview.wav", size: bytes.length }));
    expect(started).toMatchObject({ userId, sizeBytes: bytes.length, partBytes: 8 * MIB, objectKey: `${userId}/${started.id}/original`, filename: "Long interview.wav" });
    expect(partCount(started)).toBe(3);
    expect(await ownedDirectUpload(t.db, userId, started.id)).toEqual(started);

    const urls = await signParts(bucket(), started, [1, 2, 3]);
    expect(Object.keys(urls).sort()).toEqual(["1", "2", "3"]);
    for (const n of [1, 2, 3]) {
      // Each address is for this upload's part n only.
      expect(new URL(urls[n]).searchParams.get("partNumber")).toBe(String(n));
      expect(new URL(urls[n]).searchParams.get("uploadId")).toBe(started.bucketUploadId);
      // Its size is signed in (S3 refuses a body of another length) and no checksum of an empty body is.
      expect(new URL(urls[n]).searchParams.get("X-Amz-SignedHeaders")).toContain("content-length");
      expect(urls[n]).not.toContain("x-amz-checksum");
      const part = slice(bytes, started, n);
      const etag = await put(urls[n], part);
      // The receipt is the part's MD5, quoted, as S3 answers it.
      expect(etag).toBe(`"${md5(part)}"`);
      await recordPart(t.db, started, n, etag);
    }
    expect(await arrivedParts(t.db, started)).toEqual([
      { number: 1, size: 8 * MIB, etag: expect.any(String) },
      { number: 2, size: 8 * MIB, etag: expect.any(String) },
      { number: 3, size: bytes.length - 16 * MIB, etag: expect.any(String) },
    ]);

    const created = await completeDirectUpload(t.db, bucket(), started);
    expect(created).toMatchObject({
      id: started.id,
      userId,
      status: "queued",
      title: "Long interview",
      audioKey: `${userId}/${started.id}`,
      audioReady: false,
      sizeBytes: bytes.length,
      contentType: "audio/wav",
      originalFilename: "Long interview.wav",
      source: "upload",
    });
    expect(created.durationS).toBeCloseTo(largeWavSeconds(bytes.length), 1);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.transcriptionId, created.id));
    expect(job).toBeDefined();

    // The object is whole in the bucket: its size (HEAD), and byte for byte.
    expect(await bucket().size(started.objectKey)).toBe(bytes.length);
    expect(await audioStore().size(started.objectKey)).toBe(bytes.length);
    const { url } = await bucket().readable(started.objectKey, 16);
    const stored = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(stored.equals(bytes)).toBe(true);
    expect(storedFilesOf(userId)).toContain("original._S3rver_object");
    expect(partsHeld(started.bucketUploadId)).toBe(false);

    // The upload is over: its row and receipts are gone, and it can no longer be found.
    expect(await uploadRows(started.id)).toEqual([]);
    expect(await partRows(started.id)).toEqual([]);
    await expect(ownedDirectUpload(t.db, userId, started.id)).rejects.toMatchObject({ kind: "not_found", message: "There is no such upload." });
  });

  it("jfk.wav in one part: queued with its 11 s reserved and its exact size", async () => {
    const userId = await insertUser(t.db);
    const bytes = readFileSync(JFK);
    const started = await startDirectUpload(t.db, bucket(), userId, null, request({ filename: "jfk.wav", size: bytes.length }));
    expect(partCount(started)).toBe(1);
    await sendParts(started, bytes, [1]);
    const created = await completeDirectUpload(t.db, bucket(), started);
    expect(created).toMatchObject({ status: "queued", sizeBytes: bytes.length, reservedSeconds: 11 });
    expect(created.durationS).toBeCloseTo(11, 0);
    expect(await secondsUsed(userId)).toBe(11);
    expect(await audioStore().size(started.objectKey)).toBe(bytes.length);
  });

  it("resumes: with 1 of 2 parts in, that part is listed and completing is refused; after the rest it completes", async () => {
    const userId = await insertUser(t.db);
    const bytes = readFileSync(files.two);
    const started = await startDirectUpload(t.db, bucket(), userId, null, request({ filename: "two.wav", size: bytes.length }));
    expect(partCount(started)).toBe(2);

    await sendParts(started, bytes, [1]);
    const arrived = await arrivedParts(t.db, started);
    expect(arrived).toEqual([{ number: 1, size: 8 * MIB, etag: `"${md5(slice(bytes, started, 1))}"` }]);

    const early = await caught(completeDirectUpload(t.db, bucket(), started));
    expect(early).toBeInstanceOf(DomainError);
    expect(early).toMatchObject({ kind: "conflict", message: "1 of 2 parts of this file have not arrived yet. Send them, then finish the upload." });
    // Refusing it kept the upload: it can be found again and goes on where it stopped.
    expect(await transcriptionRows(userId)).toEqual([]);
    const resumed = await ownedDirectUpload(t.db, userId, started.id);
    expect(await arrivedParts(t.db, resumed)).toEqual(arrived);

    // A receipt sent again replaces the earlier one (the newer counts).
    await recordPart(t.db, resumed, 1, `"${"0".repeat(32)}"`);
    expect((await arrivedParts(t.db, resumed))[0].etag).toBe(`"${"0".repeat(32)}"`);
    await recordPart(t.db, resumed, 1, arrived[0].etag);

    await sendParts(resumed, bytes, [2]);
    expect((await arrivedParts(t.db, resumed)).map((p) => [p.number, p.size])).toEqual([
      [1, 8 * MIB],
      [2, bytes.length - 8 * MIB],
    ]);
    const created = await completeDirectUpload(t.db, bucket(), resumed);
    expect(created).toMatchObject({ id: started.id, status: "queued", sizeBytes: bytes.length });
    expect(await audioStore().size(started.objectKey)).toBe(bytes.length);
  });

  // s3rver (3.7.1) does not compare the receipts it is sent on completion with its parts
  // (it concatenates whatever part files it holds), so a wrong ETag cannot be seen to fail
  // here. What a browser can still get wrong against it is the bytes: a part shorter than
  // its place in the file. The bucket completes that object; the size check must refuse it.
  it("a short first part: completing is refused, and no transcription, object or upload is left", async () => {
    const userId = await insertUser(t.db);
    const bytes = readFileSync(files.two);
    const started = await startDirectUpload(t.db, bucket(), userId, null, request({ filename: "two.wav", size: bytes.length }));
    const urls = await signParts(bucket(), started, [1, 2]);
    // Part 1 loses its last 1,000 bytes on the way (still over S3's 5 MiB minimum).
    await recordPart(t.db, started, 1, await put(urls[1], slice(bytes, started, 1).subarray(0, 8 * MIB - 1000)));
    await recordPart(t.db, started, 2, await put(urls[2], slice(bytes, started, 2)));

    const refused = await caught(completeDirectUpload(t.db, bucket(), started));
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: "invalid", message: "The upload was interrupted. Please try again." });
    expect(await transcriptionRows(userId)).toEqual([]);
    expect(await secondsUsed(userId)).toBe(0);
    expect(await bucket().size(started.objectKey)).toBeNull();
    expect(storedFilesOf(userId)).toEqual([]);
    expect(partsHeld(started.bucketUploadId)).toBe(false);
    expect(await uploadRows(started.id)).toEqual([]);
    expect(await partRows(started.id)).toEqual([]);
  });

  it("9 MB of noise named x.mp3: refused as not audio, the object removed, no row, no time charged", async () => {
    const userId = await insertUser(t.db);
    const file = path.join(dir, "x.mp3");
    writeFileSync(file, noiseBytes(9_000_000));
    const bytes = readFileSync(file);
    const started = await startDirectUpload(t.db, bucket(), userId, null, request({ filename: "x.mp3", size: bytes.length, contentType: "audio/mpeg" }));
    expect(partCount(started)).toBe(2);
    await sendParts(started, bytes, [1, 2]);

    const refused = await caught(completeDirectUpload(t.db, bucket(), started));
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: "unsupported_media", message: UNREADABLE });
    expect(await bucket().size(started.objectKey)).toBeNull();
    expect(storedFilesOf(userId)).toEqual([]);
    expect(partsHeld(started.bucketUploadId)).toBe(false);
    expect(await transcriptionRows(userId)).toEqual([]);
    expect(await secondsUsed(userId)).toBe(0);
    expect(await uploadRows(started.id)).toEqual([]);
  });

  it("refuses bad part numbers, too many at once, malformed receipts, bad sizes, files over max_upload_mb, and others' uploads", async () => {
    const userId = await insertUser(t.db);
    const started = await startDirectUpload(t.db, bucket(), userId, null, request({ filename: "two.wav", size: sizes.two }));
    expect(partCount(started)).toBe(2);
    const goodEtag = `"${"a".repeat(32)}"`;
    try {
      for (const n of [0, 3, 1.5, -1, Number.NaN]) {
        const signed = await caught(signParts(bucket(), started, [1, n]));
        expect(signed).toBeInstanceOf(DomainError);
        expect(signed).toMatchObject({ kind: "invalid", message: "Part numbers go from 1 to 2." });
        expect(await caught(recordPart(t.db, started, n, goodEtag))).toMatchObject({ kind: "invalid", message: "Part numbers go from 1 to 2." });
      }
      // More than 50 addresses at a time (even of valid numbers) is refused.
      const many = Array.from({ length: 51 }, (_, i) => (i % 2) + 1);
      expect(await caught(signParts(bucket(), started, many))).toMatchObject({ kind: "invalid", message: "Ask for at most 50 parts at a time." });
      // 50 is fine; repeats give one address each.
      expect(Object.keys(await signParts(bucket(), started, many.slice(0, 50)))).toEqual(["1", "2"]);

      for (const etag of ["", "not-an-etag", '"abc"', `"${"g".repeat(32)}"`, `"${"a".repeat(32)}"; drop table`, `${"a".repeat(65)}`]) {
        const recorded = await caught(recordPart(t.db, started, 1, etag));
        expect(recorded).toBeInstanceOf(DomainError);
        expect(recorded).toMatchObject({ kind: "invalid", message: "Send the ETag the storage answered for this part." });
      }
      // Multipart ETags ("-N") and unquoted ones are receipts S3-compatible stores write.
      await recordPart(t.db, started, 1, `"${"b".repeat(32)}-3"`);
      await recordPart(t.db, started, 2, "c".repeat(32));
      expect(await partRows(started.id)).toHaveLength(2);

      // Someone else's upload does not exist for them.
      const other = await insertUser(t.db);
      const foreign = await caught(ownedDirectUpload(t.db, other, started.id));
      expect(foreign).toBeInstanceOf(DomainError);
      expect(foreign).toMatchObject({ kind: "not_found", message: "There is no such upload." });
      expect(await caught(ownedDirectUpload(t.db, userId, "no-such-id"))).toMatchObject({ kind: "not_found" });
    } finally {
      await cancelDirectUpload(t.db, bucket(), started);
    }

    // Sizes: not a byte count, empty, and over the operator's max_upload_mb (2048 MB by default).
    for (const size of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
      expect(await caught(startDirectUpload(t.db, bucket(), userId, null, request({ filename: "x.wav", size })))).toMatchObject({
        kind: "invalid",
        message: "Say the file's size in bytes.",
      });
    }
    expect(await caught(startDirectUpload(t.db, bucket(), userId, null, request({ filename: "x.wav", size: 0 })))).toMatchObject({
      kind: "invalid",
      message: "The file is empty.",
    });
    const tooLarge = await caught(startDirectUpload(t.db, bucket(), userId, null, request({ filename: "huge.wav", size: 3 * 1024 * MIB })));
    expect(tooLarge).toBeInstanceOf(DomainError);
    expect(tooLarge).toMatchObject({ kind: "too_large", message: "The file is larger than the 2048 MB limit. Upload a smaller or shorter file." });
    // Exactly the limit is admitted.
    const atLimit = await startDirectUpload(t.db, bucket(), userId, null, request({ filename: "big.wav", size: 2048 * MIB }));
    expect(atLimit.partBytes).toBe(64 * MIB);
    expect(partCount(atLimit)).toBe(32);
    await cancelDirectUpload(t.db, bucket(), atLimit);
    // A bad name is refused before anything is started.
    expect(await caught(startDirectUpload(t.db, bucket(), userId, null, request({ filename: "../etc/passwd", size: 1000 })))).toMatchObject({ kind: "invalid" });

    expect(await t.db.select().from(directUploads).where(eq(directUploads.userId, userId))).toEqual([]);
    expect(await transcriptionRows(userId)).toEqual([]);
  });

  it("eight racing starts: five are started, three refused with the sentence, and none of those is left in the table", async () => {
    const userId = await insertUser(t.db);
    const settled = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => startDirectUpload(t.db, bucket(), userId, null, request({ filename: `race-${i}.wav`, size: 1000 }))));
    const refusals = settled.flatMap((s) => (s.status === "rejected" ? [s.reason] : []));
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(5);
    expect(refusals).toHaveLength(3);
    for (const r of refusals) expect(r).toMatchObject({ kind: "conflict", message: "You have 5 uploads in progress. Let one finish, or cancel one, then try again." });
    expect(await t.db.select().from(directUploads).where(eq(directUploads.userId, userId))).toHaveLength(5);
    for (const s of settled) if (s.status === "fulfilled") await cancelDirectUpload(t.db, bucket(), s.value);
  });

  it("canceling removes the upload and its receipts: it cannot be found or completed any more", async () => {
    const userId = await insertUser(t.db);
    const bytes = readFileSync(files.two);
    const started = await startDirectUpload(t.db, bucket(), userId, null, request({ filename: "two.wav", size: bytes.length }));
    const urls = await signParts(bucket(), started, [1, 2]);
    await recordPart(t.db, started, 1, await put(urls[1], slice(bytes, started, 1)));

    await cancelDirectUpload(t.db, bucket(), started);
    expect(await uploadRows(started.id)).toEqual([]);
    expect(await partRows(started.id)).toEqual([]);
    await expect(ownedDirectUpload(t.db, userId, started.id)).rejects.toMatchObject({ kind: "not_found" });
    expect(await arrivedParts(t.db, started)).toEqual([]);

    // Even with the last part sent to an address signed before, the stale upload cannot be completed.
    // (s3rver 3.7.1 has no AbortMultipartUpload: it answers 405, which cancelDirectUpload ignores, so
    // it keeps the parts and still takes this PUT; AWS S3 would answer NoSuchUpload.)
    await put(urls[2], slice(bytes, started, 2)).catch(() => undefined);
    const completed = await caught(completeDirectUpload(t.db, bucket(), started));
    expect(completed).toBeInstanceOf(DomainError);
    expect(completed).toMatchObject({ kind: "conflict" });
    expect(await transcriptionRows(userId)).toEqual([]);
    expect(await bucket().size(started.objectKey)).toBeNull();
    // A receipt that arrives after the cancel finds nothing to belong to: not found, never a 500.
    await expect(recordPart(t.db, started, 2, '"0123456789abcdef0123456789abcdef"')).rejects.toMatchObject({ kind: "not_found" });
    // Canceling twice is harmless.
    await cancelDirectUpload(t.db, bucket(), started);
  });

  it("the sweep forgets uploads started more than a day ago and keeps fresh ones", async () => {
    const userId = await insertUser(t.db);
    const old = await startDirectUpload(t.db, bucket(), userId, null, request({ filename: "old.wav", size: sizes.two }));
    const fresh = await startDirectUpload(t.db, bucket(), userId, null, request({ filename: "fresh.wav", size: sizes.two }));
    const bytes = readFileSync(files.two);
    await sendParts(old, bytes, [1]);
    // `now` is 25 h after the old one started; the fresh one started an hour before `now`.
    const now = Date.now() + 25 * HOUR;
    await t.db.update(directUploads).set({ createdAt: new Date(now - 25 * HOUR) }).where(eq(directUploads.id, old.id));
    await t.db.update(directUploads).set({ createdAt: new Date(now - HOUR) }).where(eq(directUploads.id, fresh.id));
    // Any other test's leftover upload (started "now", i.e. 25 h before `now`) would be swept too.
    expect(await t.db.select({ id: directUploads.id }).from(directUploads)).toEqual(expect.arrayContaining([{ id: old.id }, { id: fresh.id }]));
    expect((await t.db.select().from(directUploads)).length).toBe(2);

    expect(await sweepExpiredDirectUploads(t.db, bucket(), now)).toBe(1);
    await expect(ownedDirectUpload(t.db, userId, old.id)).rejects.toMatchObject({ kind: "not_found" });
    expect(await partRows(old.id)).toEqual([]);
    expect(await ownedDirectUpload(t.db, userId, fresh.id)).toMatchObject({ id: fresh.id });
    // Exactly a day old is not yet expired; a sweep with nothing to do returns 0.
    expect(await sweepExpiredDirectUploads(t.db, bucket(), now - HOUR + UPLOAD_EXPIRY_MS)).toBe(0);
    expect(await sweepExpiredDirectUploads(t.db, bucket(), now - HOUR + UPLOAD_EXPIRY_MS + 1)).toBe(1);
    expect(await t.db.select().from(directUploads)).toEqual([]);
  });

  it("directUploadBucket() is null unless S3_DIRECT_UPLOADS is true; bucketMultipart() needs only the bucket", () => {
    expect(directUploadBucket()).not.toBeNull();
    const saved = process.env.S3_DIRECT_UPLOADS;
    try {
      for (const value of ["false", ""]) {
        process.env.S3_DIRECT_UPLOADS = value;
        expect(directUploadBucket()).toBeNull();
        expect(bucketMultipart()).not.toBeNull();
      }
      delete process.env.S3_DIRECT_UPLOADS;
      expect(directUploadBucket()).toBeNull();
      // Without a bucket there is nothing to upload to, whatever S3_DIRECT_UPLOADS says.
      process.env.S3_DIRECT_UPLOADS = "true";
      const bucketName = process.env.S3_BUCKET;
      delete process.env.S3_BUCKET;
      try {
        expect(directUploadBucket()).toBeNull();
        expect(bucketMultipart()).toBeNull();
      } finally {
        process.env.S3_BUCKET = bucketName;
      }
    } finally {
      process.env.S3_DIRECT_UPLOADS = saved;
    }
    expect(directUploadBucket()).not.toBeNull();
  });
});
