import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { Upload } from "@tus/server";
import { DomainError } from "@/lib/errors/domain-error";
import { UPLOAD_EXPIRY_MS } from "@/lib/api/contract/upload-parts";
import { UPLOAD_ID, metadataOf, refuseUnsupportedExtensions, sweepExpiredUploads } from "./resumable";

const HOUR = 60 * 60 * 1000;

const withMetadata = (metadata: Record<string, string | null>) => new Upload({ id: randomUUID(), size: 10, offset: 0, metadata });

describe("metadataOf", () => {
  it("fills what the client left out: no name, detect the language, no type, an upload, all of it", () => {
    expect(metadataOf(new Upload({ id: randomUUID(), size: 10, offset: 0 }))).toEqual({
      filename: "",
      language: null,
      contentType: "",
      source: "upload",
      firstSeconds: null,
      speakers: null,
      vocabulary: [],
    });
  });

  it("reads name, language, type, source, first_seconds, speakers and vocabulary, and ignores anything else", () => {
    const meta = metadataOf(
      withMetadata({ filename: "Interview 3.m4a", language: "de", filetype: "audio/mp4", source: "recording", first_seconds: "90", speakers: "2", vocabulary: "Dashwood, Norland", owner: "someone-else" }),
    );
    expect(meta).toEqual({ filename: "Interview 3.m4a", language: "de", contentType: "audio/mp4", source: "recording", firstSeconds: 90, speakers: 2, vocabulary: ["Dashwood", "Norland"] });
  });

  it("takes an empty language as 'detect' and an empty first_seconds as 'all of it'", () => {
    const meta = metadataOf(withMetadata({ filename: "a.wav", language: "", first_seconds: "" }));
    expect(meta.language).toBeNull();
    expect(meta.firstSeconds).toBeNull();
  });

  it("refuses a source other than upload or recording, in a sentence", () => {
    const refused = (() => {
      try {
        metadataOf(withMetadata({ filename: "a.wav", source: "camera" }));
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: "invalid", message: 'The source must be "upload" or "recording".' });
  });
});

describe("refuseUnsupportedExtensions", () => {
  it("refuses a request for concatenation (Upload-Concat, partial or final) with 400 and a sentence, and lets a plain tus request through", () => {
    for (const concat of ["partial", "final;/api/uploads/a /api/uploads/b", ""]) {
      let refused: unknown = null;
      try {
        refuseUnsupportedExtensions(new Headers({ "tus-resumable": "1.0.0", "upload-length": "10", "upload-concat": concat }));
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(DomainError);
      expect(refused).toMatchObject({ kind: "invalid", message: expect.stringMatching(/^Uploads sent in parallel parts \(Upload-Concat\) are not supported\. /) });
    }
    expect(() => refuseUnsupportedExtensions(new Headers({ "tus-resumable": "1.0.0", "upload-length": "10" }))).not.toThrow();
  });
});

describe("sweepExpiredUploads on a real FileStore", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  async function storeWith(ages: Record<string, number>, now: number) {
    const directory = mkdtempSync(path.join(os.tmpdir(), "verbatim-uploads-"));
    dirs.push(directory);
    const store = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
    const ids: Record<string, string> = {};
    for (const [name, ageMs] of Object.entries(ages)) {
      const id = randomUUID();
      ids[name] = id;
      await store.create(
        new Upload({ id, size: 1000, offset: 0, metadata: { filename: `${name}.wav` }, creation_date: new Date(now - ageMs).toISOString() }),
      );
      // Some bytes already arrived, as for an upload left half done.
      await store.write(Readable.from([Buffer.alloc(400, 7)]), id, 0);
    }
    return { directory, store, ids };
  }

  it("removes an upload started 25 hours ago, its bytes and its .json, and keeps a fresh one", async () => {
    const now = Date.now();
    const { directory, store, ids } = await storeWith({ stale: 25 * HOUR, fresh: 1 * HOUR }, now);
    expect(statSync(path.join(directory, ids.stale)).size).toBe(400);
    expect(readdirSync(directory).sort()).toEqual([ids.fresh, `${ids.fresh}.json`, ids.stale, `${ids.stale}.json`].sort());

    expect(await sweepExpiredUploads(store, now)).toBe(1);

    expect(existsSync(path.join(directory, ids.stale))).toBe(false);
    expect(existsSync(path.join(directory, `${ids.stale}.json`))).toBe(false);
    expect(readdirSync(directory).sort()).toEqual([ids.fresh, `${ids.fresh}.json`].sort());
    // The one kept is whole: the store still serves it, bytes and all.
    const kept = await store.getUpload(ids.fresh);
    expect(kept).toMatchObject({ id: ids.fresh, size: 1000, offset: 400, metadata: { filename: "fresh.wav" } });
    await expect(store.getUpload(ids.stale)).rejects.toBeDefined();
  });

  it("counts every upload it removed, keeps one a minute short of 24 hours, and removes nothing on a second run", async () => {
    const now = Date.now();
    const { directory, store, ids } = await storeWith(
      { old1: 25 * HOUR, old2: 3 * 24 * HOUR, exactly: UPLOAD_EXPIRY_MS, almost: UPLOAD_EXPIRY_MS - 60_000, fresh: 0 },
      now,
    );
    expect(await sweepExpiredUploads(store, now)).toBe(3);
    expect(readdirSync(directory).sort()).toEqual([ids.almost, `${ids.almost}.json`, ids.fresh, `${ids.fresh}.json`].sort());
    expect(await sweepExpiredUploads(store, now)).toBe(0);
    // A day later the rest are due too.
    expect(await sweepExpiredUploads(store, now + UPLOAD_EXPIRY_MS)).toBe(2);
    expect(readdirSync(directory)).toEqual([]);
  });

  it("uses the clock when no time is given, and an empty store sweeps nothing", async () => {
    const { directory, store, ids } = await storeWith({ stale: 25 * HOUR, fresh: 0 }, Date.now());
    expect(await sweepExpiredUploads(store)).toBe(1);
    expect(readdirSync(directory).sort()).toEqual([ids.fresh, `${ids.fresh}.json`].sort());
    const empty = await storeWith({}, Date.now());
    expect(await sweepExpiredUploads(empty.store)).toBe(0);
  });

  it("knows an upload id: a UUID, never a path", () => {
    expect(UPLOAD_ID.test(randomUUID())).toBe(true);
    expect(UPLOAD_ID.test("../etc/passwd")).toBe(false);
  });
});
