/** @run-alone: real engines on minutes of audio keep both cores busy (jest.config.mjs). */
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { run } from "@/lib/process/run";
import { jobs, transcriptSegments, transcriptions } from "@/lib/db/schema";
import { NORMALISED, audioStore } from "@/lib/storage/audio-store";
import { BACKENDS, useOpenedDatabase, type TestDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertUser } from "@/test/support/users";
import { createTranscription } from "./create";
import { parseSphinxOutput } from "./engines/sphinx-output";
import { readableSegments } from "./readable-segments";
import { normaliseWords, wordErrorRate } from "./wer";
import { claimTranscription, runHeld } from "@/test/support/jobs";
import { until } from "@/test/support/live-recording";
import { runJob as runHeldJob } from "@/lib/jobs/run-job";
import { definitionOf } from "@/lib/worker/job-registry";

const FIXTURES = path.resolve(__dirname, "../../test/fixtures/audio");
const REFERENCE = "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.";

/** PocketSphinx forced, and a database of the backend for the file's tests: `t.db` inside a test. */
function usePipelineDatabase(open: () => Promise<TestDatabase>) {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  return useOpenedDatabase(open);
}

const body = (file: string) => Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;

/** Each format on one backend: the engine's words do not depend on the database, and each file costs a real run. */
const FORMAT_ON_BACKEND = BACKENDS.map(([name, open], i) => [name, open, ["jfk.mp3", "jfk.wav"][i]] as const);

describe.each(FORMAT_ON_BACKEND)("the real pipeline with PocketSphinx on %s", (_name, open, fixture) => {
  const t = usePipelineDatabase(open);

  it(`transcribes ${fixture} exactly as the bare CLI does`, async () => {
    const db = t.db;
    const userId = await insertUser(db);
    const created = await createTranscription(db, {
      userId,
      body: body(path.join(FIXTURES, fixture)),
      declaredBytes: null,
      filename: fixture,
      contentType: "audio/whatever",
      language: null,
      source: "upload",
    });
    expect(created).toMatchObject({ status: "queued", title: "jfk", language: "en" });
    expect(created.durationS).toBeGreaterThan(10.9);
    expect(created.durationS).toBeLessThan(11.2);

    const job = await claimTranscription(db, "test-worker", 30_000);
    expect(job?.transcriptionId).toBe(created.id);
    expect(await runHeld(db, job!)).toBe("done");

    const [done] = await db.select().from(transcriptions).where(eq(transcriptions.id, created.id));
    expect(done).toMatchObject({ status: "done", progress: 100, engine: "sphinx" });
    const segments = await db
      .select()
      .from(transcriptSegments)
      .where(eq(transcriptSegments.transcriptionId, created.id))
      .orderBy(transcriptSegments.position);
    expect(segments.length).toBeGreaterThan(0);
    for (const s of segments) {
      expect(s.endMs).toBeGreaterThan(s.startMs);
      expect(s.words?.length).toBeGreaterThan(0);
    }
    // Words of the speech (PocketSphinx is weak: some, not all, of them).
    const heard = new Set(normaliseWords(done.transcriptText));
    const reference = new Set(normaliseWords(REFERENCE));
    expect([...heard].filter((w) => reference.has(w)).length).toBeGreaterThanOrEqual(4);

    // The same normalised audio through the bare CLI gives the very same words, cut into
    // readable segments the same way.
    // The local store hands out the stored file itself.
    const wav = await audioStore().localCopy(`${done.audioKey}/${NORMALISED}`, os.tmpdir());
    expect(existsSync(wav)).toBe(true);
    const bare = await run("pocketsphinx_continuous", ["-infile", wav, "-time", "yes", "-logfn", "/dev/null"], { timeoutMs: 120_000 });
    expect(segments.map((s) => [s.startMs, s.endMs, s.text])).toEqual(
      readableSegments(parseSphinxOutput(bare.stdout)).map((s) => [s.startMs, s.endMs, s.text]),
    );
    const hypothesisLines = bare.stdout.split("\n").filter((l) => l.trim() && !/ \d+\.\d+ \d+\.\d+ /.test(l));
    expect(segments.map((s) => s.text).join(" ")).toEqual(hypothesisLines.join(" "));

    const wer = wordErrorRate(REFERENCE, done.transcriptText);
    console.info(`[WER] PocketSphinx on ${fixture}: ${(wer * 100).toFixed(1)}% ("${done.transcriptText}")`);
    expect(wer).toBeLessThan(1);
    const [job2] = await db.select().from(jobs).where(eq(jobs.transcriptionId, created.id));
    expect(job2).toMatchObject({ status: "done", attempts: 1 });
  });
});

describe.each(BACKENDS.slice(0, 1))("a two-minute steady reading on %s", (_name, open) => {
  const t = usePipelineDatabase(open);

  // espeak-ng reading steady-reading.txt for 2:03 without a long pause: PocketSphinx hears
  // three utterances of about 40 s each; a person gets segments they can read and seek in.
  it("comes back as readable segments: none over 20 s, at least one per 15 s of speech, in order", async () => {
    const db = t.db;
    const created = await createTranscription(db, {
      userId: await insertUser(db),
      body: body(path.join(FIXTURES, "steady-reading.ogg")),
      declaredBytes: null,
      filename: "steady-reading.ogg",
      contentType: "audio/ogg",
      language: null,
      source: "upload",
    });
    const job = await claimTranscription(db, "test-worker", 30_000);
    // While it runs, the finished pieces are there to read, before the last one is done.
    const seenWhileRunning: Array<{ piecesDone: number; piecesTotal: number; segments: number }> = [];
    let running = true;
    const watching = (async () => {
      while (running) {
        const [row] = await db.select().from(transcriptions).where(eq(transcriptions.id, created.id));
        const stored = await db.select().from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, created.id));
        if (row.status === "processing" && row.piecesDone > 0) {
          seenWhileRunning.push({ piecesDone: row.piecesDone, piecesTotal: row.piecesTotal, segments: stored.length });
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    expect(await runHeld(db, job!)).toBe("done");
    running = false;
    await watching;
    expect(seenWhileRunning.length).toBeGreaterThan(0);
    // Parts were readable before the last one was done (every part is stored as it finishes,
    // the last too: another worker may have run it).
    expect(seenWhileRunning.some((seen) => seen.piecesDone < seen.piecesTotal)).toBe(true);
    for (const seen of seenWhileRunning) {
      expect(seen.piecesDone).toBeLessThanOrEqual(seen.piecesTotal);
      expect(seen.segments).toBeGreaterThan(0);
    }
    const segments = await db
      .select()
      .from(transcriptSegments)
      .where(eq(transcriptSegments.transcriptionId, created.id))
      .orderBy(transcriptSegments.position);
    const speechMs = segments.at(-1)!.endMs - segments[0].startMs;
    expect(speechMs).toBeGreaterThan(100_000);
    expect(segments.length).toBeGreaterThanOrEqual(Math.floor(speechMs / 15_000));
    for (const [i, s] of segments.entries()) {
      expect(s.endMs - s.startMs).toBeLessThanOrEqual(20_000);
      expect(s.words?.length).toBeGreaterThan(0);
      if (i > 0) expect(s.startMs).toBeGreaterThanOrEqual(segments[i - 1].endMs);
    }
    console.info(`[segments] steady reading: ${segments.length} segments, longest ${Math.max(...segments.map((s) => s.endMs - s.startMs))} ms`);
  }, 240_000);
});

describe.each(BACKENDS.slice(0, 1))("decoding is the worker's, on %s", (_name, open) => {
  const t = usePipelineDatabase(open);
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-decode-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const accept = async (userId: string, file: string, filename: string) =>
    createTranscription(t.db, { userId, body: body(file), declaredBytes: null, filename, contentType: "audio/mpeg", language: null, source: "upload" });
  const runJob = async () => {
    const job = await claimTranscription(t.db, "test-worker", 30_000);
    return runHeld(t.db, job!);
  };
  const used = async (userId: string) => (await entitlementsFor(t.db, userId)).secondsUsed;

  it("a worker that stops mid-file hands the job back at once, its attempt not counted; the next worker finishes it", async () => {
    const userId = await insertUser(t.db);
    // A minute of speech, so the stop lands while it is being transcribed.
    const minute = path.join(dir, "minute.wav");
    await run("ffmpeg", ["-v", "error", "-y", "-stream_loop", "5", "-i", path.join(FIXTURES, "jfk.wav"), "-c", "copy", minute], { timeoutMs: 60_000 });
    const created = await accept(userId, minute, "minute.wav");
    const job = await claimTranscription(t.db, "stopping-worker", 30_000);
    const stopping = new AbortController();
    const running = runHeldJob(t.db, job!, definitionOf("transcribe"), { leaseMs: 30_000, stopping: stopping.signal });
    // Stopped while it decodes or transcribes.
    await until(async () => (await t.db.select({ status: transcriptions.status }).from(transcriptions).where(eq(transcriptions.id, created.id)))[0].status, (s) => s === "processing", 10_000);
    stopping.abort();
    expect(await running).toBe("released");
    const [queued] = await t.db.select().from(jobs).where(eq(jobs.transcriptionId, created.id));
    expect(queued).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });
    expect(await runJob()).toBe("done");
    expect((await t.db.select().from(transcriptions).where(eq(transcriptions.id, created.id)))[0].status).toBe("done");
  }, 120_000);

  it("an MP3 damaged inside is accepted by its headers, then fails in the worker with the reason, and its time is given back", async () => {
    const userId = await insertUser(t.db);
    const damaged = path.join(dir, "cut.mp3");
    writeFileSync(damaged, readFileSync(path.join(FIXTURES, "jfk.mp3")).subarray(0, 20_000));
    const created = await accept(userId, damaged, "cut.mp3");
    expect(created).toMatchObject({ status: "queued", audioReady: false });
    expect(await used(userId)).toBe(11);
    expect(await runJob()).toBe("failed");
    const [failed] = await t.db.select().from(transcriptions).where(eq(transcriptions.id, created.id));
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^This file seems to be cut off or damaged\. Only 0:03 of 0:11 could be read\. Upload the complete file again\.$/);
    expect(await used(userId)).toBe(0);
  }, 60_000);

  it("what the file claimed is settled against its real length once decoded", async () => {
    const userId = await insertUser(t.db);
    // A live WebM, as a browser's MediaRecorder writes it, says nothing of its length: one
    // second is reserved until it is decoded.
    const webm = path.join(dir, "recording.webm");
    await run("ffmpeg", ["-v", "error", "-y", "-i", path.join(FIXTURES, "jfk.wav"), "-c:a", "libopus", "-f", "webm", "-live", "1", webm], { timeoutMs: 60_000 });
    const created = await accept(userId, webm, "recording.webm");
    expect(created.durationS).toBe(0);
    expect(await used(userId)).toBe(1);
    expect(await runJob()).toBe("done");
    const [done] = await t.db.select().from(transcriptions).where(eq(transcriptions.id, created.id));
    expect(done).toMatchObject({ status: "done", audioReady: true, reservedSeconds: 11 });
    expect(done.durationS).toBeCloseTo(11, 0);
    expect(await used(userId)).toBe(11);
    expect(await audioStore().size(`${done.audioKey}/${NORMALISED}`)).toBeGreaterThan(300_000);
  }, 60_000);
});
