import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { bucketTusParts, bucketTusUploads, jobs, transcriptions, users, type User } from "@/lib/db/schema";
import { audioStore } from "@/lib/storage/audio-store";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { writeLargeWav } from "@/test/support/large-wav";
import { startS3Server, type S3Server } from "@/test/support/s3-server";
import { insertUser } from "@/test/support/users";
import { handleUploadRequest } from "./resumable-uploads";
import { UPLOAD_EXPIRY_MS } from "@/lib/api/contract/upload-parts";

const MIB = 1024 * 1024;
const BASE = "http://app.test/api/uploads";
const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");
const b64 = (text: string) => Buffer.from(text).toString("base64");

/** Another web host: this process forgets its tus server, its store and everything they kept in memory. */
function anotherHost(): void {
  delete (globalThis as { verbatimUploads?: unknown }).verbatimUploads;
}

/**
 * A body that sends `bytes` a piece at a time, as a socket does, then (with `cutOff`) breaks
 * like a dropped connection instead of ending. What the server had not read yet when it broke
 * is lost, as on a real connection.
 */
function body(bytes: Uint8Array, cutOff = false): ReadableStream<Uint8Array> {
  const PIECE = 256 * 1024;
  let at = 0;
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (at < bytes.length) {
        controller.enqueue(bytes.subarray(at, Math.min(at + PIECE, bytes.length)));
        at += PIECE;
      } else if (cutOff) controller.error(new Error("the connection was reset"));
      else controller.close();
    },
  });
}

describe.each(BACKENDS.slice(0, 1))("resumable uploads through any web host, audio in a bucket, on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const s3 = new Map<"s3", S3Server>();
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bucket-tus-"));
  const wav = path.join(dir, "interview.wav");
  beforeAll(async () => {
    const server = await startS3Server("verbatim-bucket-tus");
    s3.set("s3", server);
    Object.assign(process.env, server.env);
    await writeLargeWav(wav, 20_000_000);
  });
  afterEach(() => anotherHost());
  afterAll(async () => {
    await s3.get("s3")?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const t = useOpenedDatabase(open);

  const userRow = async (id: string): Promise<User> => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const send = (user: User, method: string, id: string | undefined, headers: Record<string, string>, content?: ReadableStream<Uint8Array>) =>
    handleUploadRequest(
      t.db,
      new Request(id ? `${BASE}/${id}` : BASE, { method, headers: { "tus-resumable": "1.0.0", ...headers }, body: content, duplex: "half" } as RequestInit),
      user,
      null,
      id,
    );
  async function start(user: User, size: number): Promise<string> {
    const created = await send(user, "POST", undefined, { "upload-length": String(size), "upload-metadata": `filename ${b64("Interview.wav")},filetype ${b64("audio/wav")}` });
    expect(created.status).toBe(201);
    return created.headers.get("location")!.split("/").pop()!;
  }
  const patch = (user: User, id: string, offset: number, bytes: Uint8Array, cutOff = false) =>
    send(user, "PATCH", id, { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" }, body(bytes, cutOff));
  const offsetOf = async (user: User, id: string) => {
    const head = await send(user, "HEAD", id, {});
    expect(head.status).toBe(200);
    return Number(head.headers.get("upload-offset"));
  };
  /** Objects s3rver holds for this user (the audio and any tail waiting for its part). */
  const objectsOf = (userId: string) =>
    readdirSync(s3.get("s3")!.directory, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && path.join(e.parentPath, e.name).includes(userId) && e.name.endsWith("._S3rver_object"))
      .map((e) => path.relative(s3.get("s3")!.directory, path.join(e.parentPath, e.name)).replace(/\._S3rver_object$/, ""));
  /** Files in the spool folders (each process has its own). */
  const spoolFiles = () => {
    const spool = path.join(process.env.DATA_DIR!, "uploads", "spool");
    return existsSync(spool) ? readdirSync(spool, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];
  };

  it("each request on another host, one cut off mid-part: the upload goes on from where the bucket has it, and becomes the file, byte for byte", async () => {
    const user = await userRow(await insertUser(t.db));
    const bytes = readFileSync(wav);
    const id = await start(user, bytes.length);
    const [row] = await t.db.select().from(bucketTusUploads).where(eq(bucketTusUploads.id, id));
    expect(row).toMatchObject({ userId: user.id, sizeBytes: bytes.length, partBytes: 8 * MIB, offsetBytes: 0, objectKey: `${user.id}/${id}/original` });

    // 5 MB, short of a part: kept in the bucket as the tail.
    anotherHost();
    const first = await patch(user, id, 0, bytes.subarray(0, 5 * MIB));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe(String(5 * MIB));
    anotherHost();
    expect(await offsetOf(user, id)).toBe(5 * MIB);

    // The next request is cut off 6 MB on: the first part (the tail and 3 MiB) is whole and
    // sent to the bucket; what arrived of the other 3 MB waits as the new tail.
    anotherHost();
    await patch(user, id, 5 * MIB, bytes.subarray(5 * MIB, 11 * MIB), true).catch(() => undefined);
    anotherHost();
    const resumeAt = await offsetOf(user, id);
    expect(resumeAt).toBeGreaterThan(9 * MIB);
    expect(resumeAt).toBeLessThanOrEqual(11 * MIB);
    expect(await t.db.select({ number: bucketTusParts.number }).from(bucketTusParts).where(eq(bucketTusParts.uploadId, id))).toEqual([{ number: 1 }]);
    expect(objectsOf(user.id).filter((o) => o.includes("tus-tail"))).toHaveLength(1);

    // The rest, on yet another host: the answer is the transcription.
    anotherHost();
    const last = await patch(user, id, resumeAt, bytes.subarray(resumeAt));
    expect(last.status).toBe(200);
    expect(await last.json()).toMatchObject({ id, title: "Interview", status: "queued" });
    const stored = await audioStore().read(`${user.id}/${id}/original`);
    const chunks: Buffer[] = [];
    for await (const c of stored) chunks.push(c as Buffer);
    expect(md5(Buffer.concat(chunks))).toBe(md5(bytes));
    expect(await t.db.select({ id: transcriptions.id }).from(transcriptions).where(eq(transcriptions.id, id))).toHaveLength(1);
    expect(await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.transcriptionId, id))).toHaveLength(1);
    // Nothing left behind: no row, no tail, no spool file.
    expect(await t.db.select().from(bucketTusUploads).where(eq(bucketTusUploads.id, id))).toHaveLength(0);
    expect(objectsOf(user.id)).toEqual([`verbatim-bucket-tus/${user.id}/${id}/original`]);
    expect(spoolFiles()).toEqual([]);

    // Asked again (the answer to the last part was lost), any host says it is complete.
    anotherHost();
    expect(await offsetOf(user, id)).toBe(bytes.length);
  });

  it("a host that died holding an upload: its lease runs out and another host goes on", async () => {
    const user = await userRow(await insertUser(t.db));
    const bytes = readFileSync(wav).subarray(0, 9 * MIB);
    const id = await start(user, bytes.length);
    await t.db.update(bucketTusUploads).set({ lockToken: "a host that died", lockedUntil: sql`now() + interval '2 seconds'` }).where(eq(bucketTusUploads.id, id));
    anotherHost();
    const began = Date.now();
    const answer = await patch(user, id, 0, bytes.subarray(0, 8 * MIB));
    expect(answer.status).toBe(204);
    expect(Date.now() - began).toBeGreaterThanOrEqual(1500);
    expect(await offsetOf(user, id)).toBe(8 * MIB);
    const [row] = await t.db.select().from(bucketTusUploads).where(eq(bucketTusUploads.id, id));
    expect(row).toMatchObject({ lockToken: null, offsetBytes: 8 * MIB, tailBytes: 0 });
  });

  it("a request stalled on one host is asked by a request on another to let go: it keeps what arrived, and the client goes on from there", async () => {
    const user = await userRow(await insertUser(t.db));
    const bytes = readFileSync(wav).subarray(0, 9 * MIB);
    const id = await start(user, bytes.length);
    let sent = 0;
    const stalled = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= 2 * MIB) return new Promise<void>(() => undefined);
        controller.enqueue(bytes.subarray(sent, sent + 256 * 1024));
        sent += 256 * 1024;
      },
    });
    const first = send(user, "PATCH", id, { "upload-offset": "0", "content-type": "application/offset+octet-stream" }, stalled);
    // It holds the upload once its lease is taken, and has had its 2 MiB read.
    for (let i = 0; i < 100 && !(await t.db.select().from(bucketTusUploads).where(eq(bucketTusUploads.id, id)))[0]?.lockToken; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    anotherHost();
    // The client, not hearing back, sends the part again from where it began.
    const again = await patch(user, id, 0, bytes.subarray(0, 8 * MIB));
    expect(again.status).toBe(409);
    expect((await first).status).toBe(204);
    expect(await offsetOf(user, id)).toBe(2 * MIB);
    const rest = await patch(user, id, 2 * MIB, bytes.subarray(2 * MIB, 8 * MIB));
    expect(rest.headers.get("upload-offset")).toBe(String(8 * MIB));
  });

  it("while its whole file is being accepted, any host says the upload is complete and a second last part waits (423); once accepted, HEAD still says complete", async () => {
    const user = await userRow(await insertUser(t.db));
    const id = await start(user, 9 * MIB);
    // As a host in the middle of accepting it leaves it: every byte there, claimed.
    await t.db.update(bucketTusUploads).set({ offsetBytes: 9 * MIB, finishingSince: sql`now()` }).where(eq(bucketTusUploads.id, id));
    anotherHost();
    expect(await offsetOf(user, id)).toBe(9 * MIB);
    const again = await patch(user, id, 9 * MIB, Buffer.alloc(0));
    expect(again.status).toBe(423);
    expect(await again.json()).toEqual({ detail: "This upload is being checked. Wait a moment." });
  });

  it("a creation that carries the whole file answers with the transcription", async () => {
    const user = await userRow(await insertUser(t.db));
    const bytes = readFileSync(wav).subarray(0, 9 * MIB);
    // A WAV header saying 9 MiB of data, so the cut file is whole audio.
    bytes.writeUInt32LE(bytes.length - 8, 4);
    bytes.writeUInt32LE(bytes.length - 44, 40);
    const answer = await send(
      user,
      "POST",
      undefined,
      { "upload-length": String(bytes.length), "upload-metadata": `filename ${b64("Whole.wav")},filetype ${b64("audio/wav")}`, "content-type": "application/offset+octet-stream" },
      body(bytes),
    );
    expect(answer.status).toBe(200);
    const transcription = (await answer.json()) as { id: string; status: string };
    expect(transcription).toMatchObject({ title: "Whole", status: "queued" });
    expect(await t.db.select().from(bucketTusUploads).where(eq(bucketTusUploads.id, transcription.id))).toHaveLength(0);
  });

  it("an upload another host holds (and renews) for tus's 30 s: busy (423) with a sentence, not a 500", async () => {
    const user = await userRow(await insertUser(t.db));
    const id = await start(user, 9 * MIB);
    await t.db.update(bucketTusUploads).set({ lockToken: "a host still sending", lockedUntil: sql`now() + interval '90 seconds'` }).where(eq(bucketTusUploads.id, id));
    anotherHost();
    const busy = await patch(user, id, 0, Buffer.alloc(MIB));
    expect(busy.status).toBe(423);
    expect(await busy.json()).toEqual({ detail: "Another request is sending this upload. Try again in a moment." });
  }, 60_000);

  it("a part sent with the wrong offset is refused (409) and changes nothing; another user's upload is not found", async () => {
    const user = await userRow(await insertUser(t.db));
    const stranger = await userRow(await insertUser(t.db));
    const id = await start(user, 9 * MIB);
    expect((await patch(user, id, 4096, Buffer.alloc(4096))).status).toBe(409);
    expect(await offsetOf(user, id)).toBe(0);
    await expect(send(stranger, "HEAD", id, {})).rejects.toMatchObject({ kind: "not_found" });
    await expect(patch(stranger, id, 0, Buffer.alloc(4096))).rejects.toMatchObject({ kind: "not_found" });
  });

  it("canceled (DELETE) or expired: the multipart upload and its tail leave the bucket and the row goes", async () => {
    const user = await userRow(await insertUser(t.db));
    const canceled = await start(user, 9 * MIB);
    expect((await patch(user, canceled, 0, Buffer.alloc(MIB, 1))).status).toBe(204);
    expect(objectsOf(user.id).some((o) => o.includes("tus-tail"))).toBe(true);
    expect((await send(user, "DELETE", canceled, {})).status).toBe(204);
    expect(await t.db.select().from(bucketTusUploads).where(eq(bucketTusUploads.id, canceled))).toHaveLength(0);
    expect(objectsOf(user.id)).toEqual([]);

    const expired = await start(user, 9 * MIB);
    await t.db
      .update(bucketTusUploads)
      .set({ createdAt: new Date(Date.now() - UPLOAD_EXPIRY_MS - 1000) })
      .where(eq(bucketTusUploads.id, expired));
    anotherHost();
    // A new host sweeps when it starts; the sweep claims each expired upload once.
    await send(user, "HEAD", expired, {}).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await t.db.select().from(bucketTusUploads).where(eq(bucketTusUploads.id, expired))).toHaveLength(0);
  });
});
