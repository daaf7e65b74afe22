import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { useTestEnv } from "@/test/support/env";
import { inspectAndNormalise } from "./audio";
import { sphinxEngine } from "./engines/sphinx";
import { PermanentEngineError, type Engine } from "./engines/types";
import { transcribePieces, type PieceDone } from "./transcribe-pieces";

const FIXTURES = path.resolve(__dirname, "../../test/fixtures/audio");

interface Call {
  language: string | null;
  previousText?: string;
  durationS: number;
}

/**
 * The real PocketSphinx engine, watched: how many pieces run at once and what each was
 * told. `detects` makes it report the language it heard, as multilingual engines do.
 */
function watched(options: { detects?: boolean; failOnCall?: number } = {}) {
  const calls: Call[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const engine: Engine = {
    ...sphinxEngine,
    detectsLanguage: options.detects ?? false,
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

describe("transcribing long audio in pieces (real PocketSphinx)", () => {
  useTestEnv({ TRANSCRIBE_PARALLEL: "2" });
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-pieces-run-"));
  const wav = path.join(dir, "reading.wav");
  let durationS = 0;
  beforeAll(async () => {
    ({ durationS } = await inspectAndNormalise(path.join(FIXTURES, "steady-reading.ogg"), wav));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (engine: Engine, signal = new AbortController().signal, pieces: PieceDone[] = [], progress: number[] = []) =>
    transcribePieces({
      engine,
      wav,
      durationS,
      language: null,
      workDir: dir,
      signal,
      onProgress: (f) => progress.push(f),
      onPiece: (done) => {
        pieces.push(done);
      },
    });

  it("runs two pieces at once, reports each as it finishes, and joins them in order", async () => {
    const watch = watched();
    const pieces: PieceDone[] = [];
    const progress: number[] = [];
    const result = await run(watch.engine, undefined, pieces, progress);
    expect(watch.mostAtOnce()).toBe(2);
    // 2:03 in pieces: the first two short so both lanes show text early, the end split between the lanes.
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces.map((p) => p.done)).toEqual(pieces.map((_, i) => i + 1));
    expect(new Set(pieces.map((p) => p.total))).toEqual(new Set([pieces.length]));
    expect(pieces.map((p) => p.piece.index).sort()).toEqual(pieces.map((_, i) => i));
    for (const { piece, segments } of pieces) {
      expect(segments.length).toBeGreaterThan(0);
      for (const s of segments) {
        expect(s.startMs).toBeGreaterThanOrEqual(piece.startS * 1000 - 1);
        expect(s.endMs).toBeLessThanOrEqual(piece.endS * 1000 + 1);
        for (const w of s.words ?? []) expect(w.start_ms).toBeGreaterThanOrEqual(piece.startS * 1000 - 1);
      }
    }
    for (let i = 1; i < result.segments.length; i++) expect(result.segments[i].startMs).toBeGreaterThanOrEqual(result.segments[i - 1].startMs);
    expect(result.segments.at(-1)!.endMs).toBeGreaterThan(100_000);
    // Progress only grows and ends whole.
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1] - 1e-9);
    expect(progress.at(-1)).toBeCloseTo(1, 5);
    // No piece file is left behind.
    expect(readdirSync(dir).filter((f) => f.startsWith("piece-"))).toEqual([]);
  }, 120_000);

  it("hears the language once, on the first piece alone, and tells every later piece", async () => {
    const watch = watched({ detects: true });
    const result = await run(watch.engine);
    expect(result.language).toBe("en");
    expect(watch.calls[0].language).toBeNull();
    expect(watch.calls.length).toBeGreaterThanOrEqual(3);
    for (const later of watch.calls.slice(1)) expect(later.language).toBe("en");
    // The first piece ran alone, so the second was given its text as a prompt.
    expect(watch.calls[1].previousText?.length).toBeGreaterThan(20);
    expect(watch.calls[1].previousText!.length).toBeLessThanOrEqual(200);
  }, 120_000);

  it("stops every piece when one fails, and says why", async () => {
    const watch = watched({ failOnCall: 2 });
    const error = await run(watch.engine).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentEngineError);
    expect((error as Error).message).toBe("the engine gave up on this piece");
    expect(watch.calls.length).toBeLessThan(4);
    expect(readdirSync(dir).filter((f) => f.startsWith("piece-"))).toEqual([]);
  }, 120_000);

  it("stops when canceled, leaving no piece behind", async () => {
    const watch = watched();
    const abort = new AbortController();
    const pieces: PieceDone[] = [];
    setTimeout(() => abort.abort(), 1500);
    const error = await run(watch.engine, abort.signal, pieces).catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    expect(pieces).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.startsWith("piece-"))).toEqual([]);
  }, 60_000);
});
