/** @run-alone: real engines on minutes of audio keep both cores busy (jest.config.mjs). */
import { randomUUID } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { jobs, transcriptSegments, transcriptionPieces, transcriptions } from "@/lib/db/schema";
import { BYTES_PER_SECOND, WAV_HEADER_BYTES, wavHeader } from "@/lib/audio/wav";
import { NORMALISED, audioStore } from "@/lib/storage/audio-store";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertUser } from "@/test/support/users";
import { inspectAndNormalise } from "./audio";
import { sphinxEngine } from "./engines/sphinx";
import { PermanentEngineError, type Engine } from "./engines/types";
import { helpWithPieces } from "./piece-runner";
import { transcribePieces } from "./transcribe-pieces";

const FIXTURES = path.resolve(__dirname, "../../test/fixtures/audio");
const LEASE_MS = 30_000;
/**
 * A minute of the reading, cut in pieces of 20 s rather than the engine's 60: the same plan
 * (two short first pieces, the tail split across both lanes: 20, 20, 12 and 12 s) for half
 * the engine time of the whole 2:03.
 */
const READING_SECONDS = 64;
const PIECE_SECONDS = 20;

interface Call {
  language: string | null;
  previousText?: string;
  durationS: number;
}

/**
 * The real PocketSphinx engine, watched: how many pieces run at once and what each was
 * told. `detects` makes it report the language it heard, as multilingual engines do.
 */
function watched(options: { detects?: boolean; failOnCall?: number; lanes?: number } = {}) {
  const calls: Call[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const engine: Engine = {
    ...sphinxEngine,
    pieceSeconds: PIECE_SECONDS,
    detectsLanguage: options.detects ?? false,
    parallelism: () => options.lanes ?? 2,
    liveCores: () => 1,
    async transcribe(request) {
      calls.push({ language: request.language, previousText: request.previousText, durationS: request.durationS });
      const call = calls.length;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        if (call === options.failOnCall) throw new PermanentEngineError("the engine gave up on this piece");
        return await sphinxEngine.transcribe({ ...request, language: request.language ?? "en" });
      } finally {
        running -= 1;
      }
    },
  };
  return { engine, calls, mostAtOnce: () => mostAtOnce };
}

/** A transcription whose job `workerId` holds, its audio in the store, as processJob leaves it before transcribing. */
async function runningJob(db: Database, wav: string, durationS: number, workerId: string) {
  // Earlier tests' jobs end as processJob would end them, so their pieces are nobody's to take.
  await db.update(jobs).set({ status: "done" });
  const userId = await insertUser(db);
  const id = randomUUID();
  const audioKey = `${userId}/${id}`;
  const copy = path.join(path.dirname(wav), `${id}.wav`);
  copyFileSync(wav, copy);
  await audioStore().putFile(`${audioKey}/${NORMALISED}`, copy, "audio/wav");
  await db.insert(transcriptions).values({
    id, userId, title: "reading", status: "processing", engine: "sphinx", durationS, reservedSeconds: Math.round(durationS),
    usagePeriodStart: new Date("2026-11-01T00:00:00Z"), audioKey, originalFilename: "reading.wav", contentType: "audio/wav", sizeBytes: 1,
  });
  await db.insert(jobs).values({ id: randomUUID(), transcriptionId: id, status: "running", lockedBy: workerId, lockedUntil: new Date(Date.now() + 600_000) });
  return id;
}

describe.each(BACKENDS)("transcribing long audio in pieces (real PocketSphinx) on %s", (_name, open) => {
  useTestEnv();
  const t = useOpenedDatabase(open);
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-pieces-run-"));
  const wav = path.join(dir, "reading.wav");
  let durationS = 0;
  beforeAll(async () => {
    const whole = path.join(dir, "whole.wav");
    await inspectAndNormalise(path.join(FIXTURES, "steady-reading.ogg"), whole);
    const data = readFileSync(whole).subarray(WAV_HEADER_BYTES, WAV_HEADER_BYTES + READING_SECONDS * BYTES_PER_SECOND);
    writeFileSync(wav, Buffer.concat([wavHeader(data.length), data]));
    rmSync(whole);
    durationS = READING_SECONDS;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pieceFiles = () => readdirSync(dir).filter((f) => f.startsWith("piece-") || f.startsWith("first-piece"));

  const run = (transcriptionId: string, engine: Engine, options: { signal?: AbortSignal; progress?: number[]; workerId?: string } = {}) =>
    transcribePieces({
      database: t.db,
      transcriptionId,
      workerId: options.workerId ?? "w1",
      leaseMs: LEASE_MS,
      engine,
      wav,
      durationS,
      language: null,
      vocabulary: [],
      workDir: dir,
      signal: options.signal ?? new AbortController().signal,
      onProgress: (f) => options.progress?.push(f),
      yieldTurn: () => Promise.resolve(),
    });

  it("runs two pieces at once, shows each on the page as it finishes, and joins them in order; hears the language once, on the first piece alone", async () => {
    const id = await runningJob(t.db, wav, durationS, "w1");
    const watch = watched({ detects: true });
    const progress: number[] = [];
    // What the transcript page shows while the job runs.
    const seen: Array<{ done: number; total: number; segments: number }> = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const [row] = await t.db.select().from(transcriptions).where(eq(transcriptions.id, id));
        const segments = await t.db.select().from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, id));
        seen.push({ done: row.piecesDone, total: row.piecesTotal, segments: segments.length });
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const result = await run(id, watch.engine, { progress });
    watching = false;
    await watcher;

    expect(watch.mostAtOnce()).toBe(2);
    // 2:03 in pieces: the first two short so both lanes show text early, the end split between the lanes.
    const pieces = await t.db.select().from(transcriptionPieces).where(eq(transcriptionPieces.transcriptionId, id)).orderBy(asc(transcriptionPieces.idx));
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces.every((p) => p.status === "done")).toBe(true);
    for (const p of pieces) {
      expect(p.segments!.length).toBeGreaterThan(0);
      for (const s of p.segments!) {
        expect(s.startMs).toBeGreaterThanOrEqual(p.startMs - 1);
        expect(s.endMs).toBeLessThanOrEqual(p.endMs + 1);
      }
    }
    // Readable before the end: some pieces done, their segments stored, the total known.
    expect(seen.some((s) => s.done > 0 && s.done < pieces.length && s.segments > 0 && s.total === pieces.length)).toBe(true);
    for (let i = 1; i < result.segments.length; i++) expect(result.segments[i].startMs).toBeGreaterThanOrEqual(result.segments[i - 1].startMs);
    expect(result.segments.at(-1)!.endMs).toBeGreaterThan((READING_SECONDS - 10) * 1000);
    // Progress only grows and ends whole.
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1] - 1e-9);
    expect(progress.at(-1)).toBeCloseTo(1, 5);
    expect(pieceFiles()).toEqual([]);

    // The language is heard on the first piece, which ran alone, and told to every later one;
    // the second was given the first's text as a prompt. The two lanes then claim the second
    // and third pieces at once, and either may call the engine first.
    expect(result.language).toBe("en");
    expect(watch.calls[0].language).toBeNull();
    expect(watch.calls.length).toBe(pieces.length);
    for (const later of watch.calls.slice(1)) expect(later.language).toBe("en");
    const prompts = watch.calls.slice(1).map((c) => c.previousText?.length ?? 0);
    expect(prompts.some((length) => length > 20)).toBe(true);
    expect(Math.max(...prompts)).toBeLessThanOrEqual(200);
  }, 120_000);

  it("a worker with nothing to do takes pieces of another's file, fetched from the store; the whole comes back in order", async () => {
    const id = await runningJob(t.db, wav, durationS, "w1");
    const own = watched({ lanes: 1 });
    const helper = watched({ lanes: 1 });
    const holder = run(id, own.engine);
    // The helper looks for work once the holder has published its pieces.
    let ran = 0;
    const deadline = Date.now() + 30_000;
    while (ran === 0 && Date.now() < deadline) {
      ran = await helpWithPieces({ database: t.db, engine: helper.engine, workerId: "w2", leaseMs: LEASE_MS, keepGoing: () => true });
      if (ran === 0) await new Promise((r) => setTimeout(r, 100));
    }
    const result = await holder;
    expect(ran).toBeGreaterThan(0);
    expect(helper.calls.length).toBe(ran);
    expect(own.calls.length).toBeGreaterThan(0);
    const pieces = await t.db.select().from(transcriptionPieces).where(eq(transcriptionPieces.transcriptionId, id));
    expect(own.calls.length + helper.calls.length).toBe(pieces.length);
    for (let i = 1; i < result.segments.length; i++) expect(result.segments[i].startMs).toBeGreaterThanOrEqual(result.segments[i - 1].startMs);
    expect(result.segments.at(-1)!.endMs).toBeGreaterThan((READING_SECONDS - 10) * 1000);
  }, 120_000);

  it("stops every piece when one fails, and says why", async () => {
    const id = await runningJob(t.db, wav, durationS, "w1");
    const watch = watched({ failOnCall: 2 });
    const error = await run(id, watch.engine).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentEngineError);
    expect((error as Error).message).toBe("the engine gave up on this piece");
    expect(watch.calls.length).toBeLessThan(4);
    expect(pieceFiles()).toEqual([]);
  }, 120_000);

  it("a piece that failed for good on another worker fails the file, with its reason", async () => {
    const id = await runningJob(t.db, wav, durationS, "w1");
    const own = watched({ lanes: 1 });
    const holder = run(id, own.engine).catch((e: unknown) => e);
    const failing = watched({ lanes: 1, failOnCall: 1 });
    const deadline = Date.now() + 30_000;
    let ran = 0;
    while (ran === 0 && Date.now() < deadline) {
      ran = await helpWithPieces({ database: t.db, engine: failing.engine, workerId: "w2", leaseMs: LEASE_MS, keepGoing: () => failing.calls.length === 0 });
      if (ran === 0) await new Promise((r) => setTimeout(r, 100));
    }
    const error = await holder;
    expect(error).toBeInstanceOf(PermanentEngineError);
    expect((error as Error).message).toBe("the engine gave up on this piece");
    // The holder stopped after the piece it had under way, rather than running the rest first.
    const pieces = await t.db.select().from(transcriptionPieces).where(eq(transcriptionPieces.transcriptionId, id));
    expect(own.calls.length).toBeLessThan(pieces.length - 1);
  }, 120_000);

  it("stops when canceled, leaving no piece behind", async () => {
    const id = await runningJob(t.db, wav, durationS, "w1");
    const watch = watched();
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 1500);
    const error = await run(id, watch.engine, { signal: abort.signal }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    const done = await t.db.select().from(transcriptionPieces).where(eq(transcriptionPieces.transcriptionId, id));
    expect(done.filter((p) => p.status === "done")).toEqual([]);
    expect(pieceFiles()).toEqual([]);
  }, 60_000);
});
