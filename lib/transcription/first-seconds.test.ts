import { randomUUID } from "node:crypto";
import { copyFileSync, createReadStream, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { transcriptions, usage } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { NORMALISED, audioStore } from "@/lib/storage/audio-store";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertUser } from "@/test/support/users";
import { normaliseUpload } from "./audio";
import { acceptStoredUpload, admitUpload, createTranscription } from "./create";
import { claimTranscription, runHeld } from "@/test/support/jobs";

const JFK = path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav"); // 11 s of speech
const FIRST_SECONDS_SENTENCE = "The part to transcribe must be a whole number of seconds from 1 to 36000.";
/** 16 kHz mono 16-bit WAV: a 44-byte header, then 32,000 bytes a second. */
const wavBytes = (seconds: number) => 44 + seconds * 32_000;

const body = (file: string) => Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;

describe.each(BACKENDS.slice(0, 1))("transcribing only the first seconds of a file, on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);

  const upload = (userId: string, firstSeconds?: number | null) =>
    createTranscription(t.db, { userId, body: body(JFK), declaredBytes: null, filename: "jfk.wav", contentType: "audio/wav", language: null, source: "upload", firstSeconds });
  const rowsOf = (userId: string) => t.db.select().from(transcriptions).where(eq(transcriptions.userId, userId));
  const used = async (userId: string) => (await entitlementsFor(t.db, userId)).secondsUsed;
  /** A user of the default plan with only `left` seconds of this period's time left. */
  async function userWithSecondsLeft(left: number) {
    const userId = await insertUser(t.db);
    const e = await entitlementsFor(t.db, userId);
    const limit = e.secondsPerPeriod!;
    expect(limit).toBeGreaterThan(left);
    await t.db.insert(usage).values({ userId, periodStart: e.period.start, secondsUsed: limit - left });
    return { userId, limit, planName: e.planName };
  }

  it("keeps the choice on the row, reserves and claims only the first 5 s, and the worker decodes and settles just those", async () => {
    const userId = await insertUser(t.db);
    const created = await upload(userId, 5);
    expect(created).toMatchObject({ status: "queued", firstSeconds: 5, reservedSeconds: 5, durationS: 5 });
    expect(await used(userId)).toBe(5);

    const job = await claimTranscription(t.db, "test-worker", 30_000);
    expect(job?.transcriptionId).toBe(created.id);
    expect(await runHeld(t.db, job!)).toBe("done");
    const [done] = await t.db.select().from(transcriptions).where(eq(transcriptions.id, created.id));
    expect(done).toMatchObject({ status: "done", audioReady: true, firstSeconds: 5, reservedSeconds: 5, durationS: 5 });
    // What the player plays and the engine heard is the first 5 s, not the whole 11 s.
    const stored = await audioStore().size(`${done.audioKey}/${NORMALISED}`);
    expect(Math.abs(stored! - wavBytes(5))).toBeLessThanOrEqual(64);
    expect(await used(userId)).toBe(5);
  }, 60_000);

  it("without a choice the whole file is claimed and reserved, and the row says so", async () => {
    const userId = await insertUser(t.db);
    const created = await upload(userId);
    expect(created.firstSeconds).toBeNull();
    expect(created.reservedSeconds).toBe(11);
    expect(created.durationS).toBeCloseTo(11, 0);
    expect(await used(userId)).toBe(11);
  });

  it("a plan with 6 s left refuses the whole 11 s file with the quota sentence, and accepts its first 5 s", async () => {
    const { userId, limit, planName } = await userWithSecondsLeft(6);

    const whole = await upload(userId).catch((e: unknown) => e);
    expect(whole).toBeInstanceOf(DomainError);
    expect(whole).toMatchObject({
      kind: "forbidden",
      message: `This recording is 0:11 long, but your ${planName} plan has 0:06 left this period. Upgrade your plan or upload a shorter file.`,
    });
    // A part longer than what is left is refused the same way, naming the part.
    expect(await upload(userId, 7).catch((e: unknown) => e)).toMatchObject({
      kind: "forbidden",
      message: `This recording is 0:07 long, but your ${planName} plan has 0:06 left this period. Upgrade your plan or upload a shorter file.`,
    });
    expect(await rowsOf(userId)).toEqual([]);
    expect(await used(userId)).toBe(limit - 6);

    const part = await upload(userId, 5);
    expect(part).toMatchObject({ status: "queued", firstSeconds: 5, reservedSeconds: 5, durationS: 5 });
    expect(await used(userId)).toBe(limit - 1);
    expect((await rowsOf(userId)).map((r) => r.id)).toEqual([part.id]);
  });

  it("a resumable upload (admitted, stored, then accepted) carries the choice the same way", async () => {
    const { userId, limit } = await userWithSecondsLeft(6);
    const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-first-seconds-"));
    try {
      const file = path.join(dir, "upload");
      copyFileSync(JFK, file);
      const size = statSync(file).size;
      const admission = await admitUpload(t.db, { userId, filename: "jfk.wav", language: null, declaredBytes: size, firstSeconds: 5 });
      expect(admission.firstSeconds).toBe(5);
      const id = randomUUID();
      const created = await acceptStoredUpload(t.db, admission, { id, file, size, contentType: "audio/wav", source: "upload" });
      expect(created).toMatchObject({ id, firstSeconds: 5, reservedSeconds: 5, durationS: 5, sizeBytes: size });
      expect(await used(userId)).toBe(limit - 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([0, -1, 1.5, 36_001, Number.NaN])("refuses first seconds of %p with the sentence, leaving nothing behind", async (firstSeconds) => {
    const userId = await insertUser(t.db);
    const refused = await upload(userId, firstSeconds).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: "invalid", message: FIRST_SECONDS_SENTENCE });
    const admitted = await admitUpload(t.db, { userId, filename: "jfk.wav", language: null, declaredBytes: 1000, firstSeconds }).catch((e: unknown) => e);
    expect(admitted).toMatchObject({ kind: "invalid", message: FIRST_SECONDS_SENTENCE });
    expect(await rowsOf(userId)).toEqual([]);
    expect(await used(userId)).toBe(0);
  });

  it("admits the bounds themselves: 1 s and 36000 s", async () => {
    const userId = await insertUser(t.db);
    for (const firstSeconds of [1, 36_000]) {
      const admission = await admitUpload(t.db, { userId, filename: "jfk.wav", language: null, declaredBytes: 1000, firstSeconds });
      expect(admission.firstSeconds).toBe(firstSeconds);
    }
  });
});

describe("normaliseUpload with first seconds (real ffmpeg)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-first-seconds-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The worker passes the row's durationS as the claim: for a cut upload, min(what the file claims, the cut).
  it.each([
    ["the cut, as the worker passes it", 5],
    ["nothing (a file whose headers say no length)", null],
  ])("decodes only the first 5 s of the 11 s file when the claim is %s", async (_claim, claimedS) => {
    const out = path.join(dir, `first-5-${claimedS}.wav`);
    expect(await normaliseUpload(JFK, out, claimedS, 36_000, undefined, 5)).toBeCloseTo(5, 2);
    expect(Math.abs(statSync(out).size - wavBytes(5))).toBeLessThanOrEqual(64);
  });

  it("a cut longer than the file gives the whole file", async () => {
    const out = path.join(dir, "first-20.wav");
    const seconds = await normaliseUpload(JFK, out, 11, 36_000, undefined, 20);
    expect(seconds).toBeGreaterThan(10.9);
    expect(seconds).toBeLessThan(11.2);
    expect(statSync(out).size).toBeGreaterThan(wavBytes(10.9));
  });
});
