import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { writeLyingOgg } from "@/test/support/fake-ogg";
import { insertUser } from "@/test/support/users";
import { normaliseUpload } from "./audio";
import { bitrateFloor, secondsBytesCanHold } from "./bitrate-floors";
import { createTranscription } from "./create";

const JFK = path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav"); // 11 s
const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-floors-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bitrate floors", () => {
  it("are the lowest rates real encoders write: Opus 6 kb/s, MP3 8 kb/s, PCM 64 kb/s, lossless and unknown codecs 1 kb/s", () => {
    expect([bitrateFloor("opus"), bitrateFloor("mp3"), bitrateFloor("pcm_s16le"), bitrateFloor("adpcm_ms"), bitrateFloor("flac"), bitrateFloor("something")]).toEqual([6000, 8000, 64000, 16000, 1000, 1000]);
  });

  it("bound the seconds bytes can hold: 2.4 KB of Opus hold at most 3.2 s, not 10 hours", () => {
    expect(secondsBytesCanHold("opus", 2400)).toBeCloseTo(3.2);
  });
});

describe.each(BACKENDS)("a file whose header claims more than its bytes hold, on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);
  const upload = (userId: string, file: string, filename: string) =>
    createTranscription(t.db, { userId, body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, declaredBytes: null, filename, contentType: "audio/ogg", language: null, source: "upload" });

  it("a 2 KB Ogg claiming 2:59:50 on a 3-hour plan reserves seconds, not hours, so a real 11-second upload is still taken", async () => {
    const userId = await insertUser(t.db);
    const lying = path.join(dir, "almost-three-hours.ogg");
    const bytes = writeLyingOgg(lying, 3 * 3600 - 10);
    const faked = await upload(userId, lying, "podcast.ogg");
    expect(faked.durationS).toBeCloseTo(3 * 3600 - 10, 0);
    expect(faked.reservedSeconds).toBe(Math.round(secondsBytesCanHold("opus", bytes)));
    expect(faked.reservedSeconds).toBeLessThanOrEqual(3);
    expect((await entitlementsFor(t.db, userId)).secondsUsed).toBe(faked.reservedSeconds);
    const real = await upload(userId, JFK, "jfk.wav");
    expect(real.reservedSeconds).toBe(11);
  });

  it("the same lie claiming 10 hours on a 50-hour plan: a few seconds reserved; the worker's decoding refuses it with its sentence", async () => {
    const userId = await insertUser(t.db, "premium");
    const lying = path.join(dir, "ten-hours.ogg");
    writeLyingOgg(lying, 10 * 3600);
    const faked = await upload(userId, lying, "ten-hours.ogg");
    expect(faked.reservedSeconds).toBeLessThanOrEqual(3);
    await expect(normaliseUpload(lying, path.join(dir, "ten-hours.wav"), faked.durationS)).rejects.toThrow(
      "This file seems to be cut off or damaged. Only 0:01 of 10:00:00 could be read. Upload the complete file again.",
    );
  });
});
