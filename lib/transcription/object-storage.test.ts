import { createReadStream, existsSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { transcriptions } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { objectResponse } from "@/lib/http/object-response";
import { NORMALISED, ORIGINAL, audioStore } from "@/lib/storage/audio-store";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { startS3Server, type S3Server } from "@/test/support/s3-server";
import { insertUser } from "@/test/support/users";
import { createTranscription } from "./create";
import { deleteForGood, deleteTranscription } from "./deletion";
import { claimTranscription, runHeld } from "@/test/support/jobs";

const JFK = path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav");
const body = (file: string) => Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;

describe.each(BACKENDS.slice(0, 1))("audio in an S3-compatible bucket, on %s", (_name, open) => {
  const { dataDir: webDataDir } = useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const s3 = new Map<"s3", S3Server>();
  beforeAll(async () => {
    const server = await startS3Server();
    s3.set("s3", server);
    Object.assign(process.env, server.env);
  });
  afterAll(async () => {
    await s3.get("s3")?.close();
  });
  const t = useOpenedDatabase(open);

  it("an upload goes to the bucket, a worker on another disk transcribes it, the player seeks in it, deleting removes it", async () => {
    const db = t.db;
    const userId = await insertUser(db);
    const created = await createTranscription(db, { userId, body: body(JFK), declaredBytes: null, filename: "jfk.wav", contentType: "audio/wav", language: null, source: "upload" });
    const normalised = `${created.audioKey}/${NORMALISED}`;
    // Accepted once its bytes are stored and its headers read: decoding is the worker's.
    expect(created.audioReady).toBe(false);
    expect(await audioStore().size(normalised)).toBeNull();
    expect(await audioStore().size(`${created.audioKey}/${ORIGINAL}`)).toBeGreaterThan(300_000);
    // Nothing of it stays on the web host's disk.
    expect(existsSync(path.join(webDataDir, "audio"))).toBe(false);
    expect(readdirSync(path.join(webDataDir, "incoming"))).toEqual([]);

    // The worker runs with a DATA_DIR of its own: it shares only the database and the bucket.
    process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "verbatim-worker-host-"));
    try {
      const job = await claimTranscription(db, "other-host", 30_000);
      expect(await runHeld(db, job!)).toBe("done");
    } finally {
      process.env.DATA_DIR = webDataDir;
    }
    const [done] = await db.select().from(transcriptions).where(eq(transcriptions.id, created.id));
    expect(done.status).toBe("done");
    expect(done.audioReady).toBe(true);
    expect(await audioStore().size(normalised)).toBeGreaterThan(300_000);
    expect(done.transcriptText).toMatch(/\w+/);

    const size = (await audioStore().size(normalised))!;
    const whole = await objectResponse(new Request("http://app.test/audio"), audioStore(), normalised, "audio/wav");
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(size));
    const part = await objectResponse(new Request("http://app.test/audio", { headers: { range: "bytes=44-1043" } }), audioStore(), normalised, "audio/wav");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 44-1043/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(1000);
    const beyond = await objectResponse(new Request("http://app.test/audio", { headers: { range: `bytes=${size}-` } }), audioStore(), normalised, "audio/wav");
    expect(beyond.status).toBe(416);

    // Deleted, it is kept (with its audio) in Recently deleted; deleted for good, the audio goes.
    await deleteTranscription(db, userId, created.id);
    expect(await audioStore().size(normalised)).toBe(size);
    await deleteForGood(db, userId, created.id);
    expect(await audioStore().size(normalised)).toBeNull();
    const missing = await objectResponse(new Request("http://app.test/audio"), audioStore(), normalised, "audio/wav").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DomainError);
    expect((missing as DomainError).kind).toBe("not_found");
  }, 60_000);

  it("a refused upload leaves nothing in the bucket or on disk", async () => {
    const db = t.db;
    const userId = await insertUser(db);
    const notAudio = path.join(mkdtempSync(path.join(os.tmpdir(), "verbatim-bad-")), "notes.mp3");
    await import("node:fs/promises").then((fs) => fs.writeFile(notAudio, "these are not sounds".repeat(100)));
    await expect(
      createTranscription(db, { userId, body: body(notAudio), declaredBytes: null, filename: "notes.mp3", contentType: "audio/mpeg", language: null, source: "upload" }),
    ).rejects.toBeInstanceOf(DomainError);
    expect(readdirSync(s3.get("s3")!.directory, { recursive: true }).filter((f) => String(f).includes(userId))).toEqual([]);
    expect(readdirSync(path.join(webDataDir, "incoming"))).toEqual([]);
  });
});
