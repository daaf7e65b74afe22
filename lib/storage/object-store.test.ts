import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { startS3Server, type S3Server } from "@/test/support/s3-server";
import { localStore } from "./local-store";
import { MissingObject, type ObjectStore } from "./object-store";
import { s3Store } from "./s3-store";

const work = mkdtempSync(path.join(os.tmpdir(), "verbatim-store-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh local file of `bytes` bytes: putFile may move it. */
function fileOf(name: string, content: Buffer): string {
  const file = path.join(work, `${name}-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, content);
  return file;
}

const servers = new Map<"s3", S3Server>();
beforeAll(async () => {
  servers.set("s3", await startS3Server());
});
afterAll(async () => {
  await servers.get("s3")?.close();
});

const STORES: Array<[string, () => ObjectStore]> = [
  ["the local directory", () => localStore(mkdtempSync(path.join(work, "root-")))],
  [
    "an S3-compatible bucket (s3rver)",
    () => {
      const env = servers.get("s3")!.env;
      return s3Store({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: true,
      });
    },
  ],
];

describe.each(STORES)("audio in %s", (_name, open) => {
  it("stores a file, tells its size, reads it whole or in a range", async () => {
    const store = open();
    await store.putFile("user-1/t-1/normalised.wav", fileOf("a", Buffer.from("0123456789")), "audio/wav");
    expect(await store.size("user-1/t-1/normalised.wav")).toBe(10);
    expect(await text(await store.read("user-1/t-1/normalised.wav"))).toBe("0123456789");
    expect(await text(await store.read("user-1/t-1/normalised.wav", { start: 2, end: 4 }))).toBe("234");
  });

  it("stores a large file in parts (multipart on S3) and gives a worker its own copy", async () => {
    const store = open();
    const big = Buffer.alloc(20 * 1024 * 1024 + 123, 7);
    big.write("the end", big.length - 7);
    await store.putFile("user-1/t-2/original", fileOf("big", big), "audio/mpeg");
    expect(await store.size("user-1/t-2/original")).toBe(big.length);
    const dir = mkdtempSync(path.join(work, "worker-"));
    const copy = await store.localCopy("user-1/t-2/original", dir);
    expect(readFileSync(copy).equals(big)).toBe(true);
  });

  it("says plainly when an object is missing", async () => {
    const store = open();
    expect(await store.size("user-1/none/normalised.wav")).toBeNull();
    const error = await store.localCopy("user-1/none/normalised.wav", work).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingObject);
    expect((error as Error).message).toBe("The audio user-1/none/normalised.wav is missing from storage.");
  });

  it("removes a transcription's objects, or all of a user's, and nobody else's", async () => {
    const store = open();
    for (const key of ["u-a/t-1/original", "u-a/t-1/normalised.wav", "u-a/t-2/original", "u-ab/t-3/original"]) {
      await store.putFile(key, fileOf("x", Buffer.from(key)), "audio/wav");
    }
    await store.removePrefix("u-a/t-1");
    expect(await store.size("u-a/t-1/original")).toBeNull();
    expect(await store.size("u-a/t-1/normalised.wav")).toBeNull();
    expect(await store.size("u-a/t-2/original")).toBe("u-a/t-2/original".length);
    await store.removePrefix("u-a");
    expect(await store.size("u-a/t-2/original")).toBeNull();
    // A user whose id starts with another's keeps their audio.
    expect(await store.size("u-ab/t-3/original")).toBe("u-ab/t-3/original".length);
  });
});
