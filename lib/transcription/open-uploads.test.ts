import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { directUploads, stagedUploads } from "@/lib/db/schema";
import { isDomainError } from "@/lib/errors/domain-error";
import { STATUS_OF } from "@/lib/http/error-response";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertUser } from "@/test/support/users";
import { createTranscription } from "./create";
import { closeStagedUpload, openStagedUpload } from "./open-uploads";

const JFK = path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav");
const FULL = "You have 5 uploads in progress. Let one finish, or cancel one, then try again.";

/** What each settled promise was: "opened", or the refusal's status and sentence. */
const outcomes = (settled: PromiseSettledResult<unknown>[]) =>
  settled.map((s) => (s.status === "fulfilled" ? "opened" : isDomainError(s.reason) ? `${STATUS_OF[s.reason.kind]} ${s.reason.message}` : String(s.reason)));

const stagedOf = async (db: Database, userId: string) => (await db.select().from(stagedUploads).where(eq(stagedUploads.userId, userId))).length;

async function insertDirectUpload(db: Database, userId: string, createdAt = new Date()): Promise<void> {
  const id = randomUUID();
  await db.insert(directUploads).values({
    id,
    userId,
    objectKey: `audio/${userId}/${id}/original`,
    bucketUploadId: `bucket-${id}`,
    sizeBytes: 1000,
    partBytes: 8 * 1024 * 1024,
    filename: "a.wav",
    contentType: "audio/wav",
    source: "upload",
    createdAt,
  });
}

describe.each(BACKENDS)("open uploads, at most 5 per user whatever the way in, on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);

  it("twelve racing starts: exactly five are opened, seven are refused with the sentence", async () => {
    const userId = await insertUser(t.db);
    const settled = await Promise.allSettled(Array.from({ length: 12 }, () => openStagedUpload(t.db, userId, randomUUID(), "tus")));
    const counts = outcomes(settled).reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {});
    expect(counts).toEqual({ opened: 5, [`409 ${FULL}`]: 7 });
    expect(await stagedOf(t.db, userId)).toBe(5);
    // Another user's uploads are theirs: not counted here.
    const other = await insertUser(t.db);
    await expect(openStagedUpload(t.db, other, randomUUID(), "raw")).resolves.toBeUndefined();
  });

  it("uploads to the bucket count too, racing starts to the web host's disk fill only what is left; a finished one frees its place", async () => {
    const userId = await insertUser(t.db);
    for (let i = 0; i < 3; i++) await insertDirectUpload(t.db, userId);
    const ids = Array.from({ length: 6 }, () => randomUUID());
    const settled = await Promise.allSettled(ids.map((id, i) => openStagedUpload(t.db, userId, id, i % 2 ? "raw" : "tus")));
    expect(outcomes(settled).filter((o) => o === "opened")).toHaveLength(2);
    const opened = ids.filter((_, i) => settled[i].status === "fulfilled");
    await closeStagedUpload(t.db, opened[0]);
    await expect(openStagedUpload(t.db, userId, randomUUID(), "tus")).resolves.toBeUndefined();
    await expect(openStagedUpload(t.db, userId, randomUUID(), "tus")).rejects.toThrow(FULL);
  });

  it("uploads started more than a day ago no longer count (they expired), and those on disk leave the table", async () => {
    const userId = await insertUser(t.db);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (let i = 0; i < 3; i++) await t.db.insert(stagedUploads).values({ id: randomUUID(), userId, way: "tus", createdAt: dayAgo });
    for (let i = 0; i < 3; i++) await insertDirectUpload(t.db, userId, dayAgo);
    for (let i = 0; i < 5; i++) await openStagedUpload(t.db, userId, randomUUID(), "tus");
    expect(await stagedOf(t.db, userId)).toBe(5);
    await expect(openStagedUpload(t.db, userId, randomUUID(), "tus")).rejects.toThrow(FULL);
  });

  it("a raw body counts while it arrives, is refused when five are open, and frees its place when accepted", async () => {
    const userId = await insertUser(t.db);
    const body = (file = JFK) => Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    const upload = (stream: ReadableStream<Uint8Array>) =>
      createTranscription(t.db, { userId, body: stream, declaredBytes: null, filename: "jfk.wav", contentType: "audio/wav", language: null, source: "upload" });
    // A body that has not finished arriving.
    let finish: (bytes: Buffer) => void = () => undefined;
    const slow = new ReadableStream<Uint8Array>({
      start(controller) {
        finish = (bytes) => {
          controller.enqueue(new Uint8Array(bytes));
          controller.close();
        };
      },
    });
    const arriving = upload(slow);
    await waitFor(async () => (await stagedOf(t.db, userId)) === 1);
    for (let i = 0; i < 4; i++) await openStagedUpload(t.db, userId, randomUUID(), "tus");
    await expect(upload(body())).rejects.toThrow(FULL);
    finish(await readAll(JFK));
    expect((await arriving).status).toBe("queued");
    expect(await stagedOf(t.db, userId)).toBe(4);
    await expect(upload(body())).resolves.toMatchObject({ status: "queued" });
    expect(await stagedOf(t.db, userId)).toBe(4);
  });
});

async function readAll(file: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(file)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}
