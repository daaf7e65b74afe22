import { rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptions, type VocabularyTerm } from "@/lib/db/schema";
import { PermanentEngineError, type Engine, type EngineResult } from "./engines/types";
import { claimPiece, collectPieces, finishPiece, piecesState, publishPieces } from "./piece-queue";
import { runClaimedPiece, type PieceCutter } from "./piece-runner";
import { planPieces, writePiece, type Piece } from "./pieces";
import { pause } from "@/lib/process/pause";

interface PiecesRequest {
  database: Database;
  transcriptionId: string;
  /** the worker holding the job */
  workerId: string;
  leaseMs: number;
  engine: Engine;
  /** the normalised WAV, on this worker's disk */
  wav: string;
  durationS: number;
  /** null: the engine detects it (once, on the first piece) */
  language: string | null;
  /** the transcription's vocabulary (pieces other workers take read it from its row) */
  vocabulary: readonly VocabularyTerm[];
  workDir: string;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
  /** between two pieces: lets a waiting account's job run first (the job's JobRun.yieldTurn) */
  yieldTurn: () => Promise<void>;
}

/** How often the job's worker looks whether the pieces other workers took are done. */
const WAIT_MS = 500;

/**
 * Transcribes long audio in pieces cut at pauses. The worker holding the job publishes the
 * pieces; it runs `engine.parallelism()` of them at once itself, and any other worker with
 * nothing to do takes the rest (piece-runner's helpWithPieces), so N workers finish a long
 * file about N times faster. Each piece is on the transcript page as soon as it is done.
 * Memory stays flat: a piece per running engine is on disk, none in memory.
 */
export async function transcribePieces(request: PiecesRequest): Promise<EngineResult> {
  const { database, transcriptionId, workerId, leaseMs, engine, wav, durationS, workDir, onProgress } = request;
  if (durationS <= engine.pieceSeconds) {
    return engine.transcribe({ wavPath: wav, durationS, language: request.language, vocabulary: request.vocabulary, signal: request.signal, onProgress });
  }
  const lanes = Math.max(1, engine.parallelism());
  const pieces = await planPieces(wav, durationS, engine.pieceSeconds, lanes);
  await database.update(transcriptions).set({ piecesTotal: pieces.length }).where(eq(transcriptions.id, transcriptionId));
  const cut: PieceCutter = (piece, file) => writePiece(wav, piece, file);
  const lengthOf = (p: Piece) => p.endS - p.startS;

  // One failure stops this worker's other lanes too, rather than leaving them running.
  const stopAll = new AbortController();
  const signal = AbortSignal.any([request.signal, stopAll.signal]);
  const running = new Map<number, number>();
  let doneSeconds = 0;
  const report = () => onProgress((doneSeconds + [...running.entries()].reduce((sum, [i, f]) => sum + f * lengthOf(pieces[i]), 0)) / durationS);
  const lost = () => new DOMException("The job is no longer this worker's", "AbortError");

  let language = request.language;
  let rest = pieces;
  if (language === null && engine.detectsLanguage) {
    // The language is heard once, on the first piece, here, before anyone takes another: a
    // quiet or ambiguous stretch later on cannot switch the transcript's language.
    const first = pieces[0];
    const file = path.join(workDir, "first-piece.wav");
    await cut(first, file);
    const result = await engine
      .transcribe({ wavPath: file, durationS: lengthOf(first), language: null, vocabulary: request.vocabulary, signal, onProgress: (f) => (running.set(0, f), report()) })
      .finally(() => rm(file, { force: true }));
    if (!(await finishPiece(database, { transcriptionId, ...first }, workerId, result))) throw lost();
    running.delete(0);
    doneSeconds += lengthOf(first);
    language = result.language ?? null;
    rest = pieces.slice(1);
  }
  await publishPieces(database, transcriptionId, rest, language);

  const lane = async () => {
    while (!signal.aborted) {
      await request.yieldTurn();
      if (signal.aborted) return;
      // A piece that failed for good elsewhere fails the file: no engine time on the rest.
      const failure = (await piecesState(database, transcriptionId)).failure;
      if (failure) throw new PermanentEngineError(failure);
      const piece = await claimPiece(database, workerId, leaseMs, { engine: engine.name, transcriptionId });
      if (piece) {
        const outcome = await runClaimedPiece({
          database,
          engine,
          piece,
          workerId,
          leaseMs,
          workDir,
          cut,
          signal,
          onProgress: (f) => (running.set(piece.index, f), report()),
        });
        running.delete(piece.index);
        if (outcome === "done") doneSeconds += lengthOf(piece);
        report();
        continue;
      }
      // None free: the rest are with other workers. Done when they are; one that failed for
      // good fails the file; one whose worker died is free again when its lease runs out.
      const state = await piecesState(database, transcriptionId);
      if (state.failure) throw new PermanentEngineError(state.failure);
      if (state.total === 0) throw lost();
      if (state.done === state.total) return;
      doneSeconds = Math.max(doneSeconds, state.doneSeconds);
      report();
      await pause(WAIT_MS, signal);
    }
  };
  // The first failure is the cause; the other lanes then fail only because they were stopped.
  let firstFailure: { error: unknown } | undefined;
  await Promise.all(
    Array.from({ length: lanes }, () =>
      lane().catch((error: unknown) => {
        firstFailure ??= { error };
        stopAll.abort();
      }),
    ),
  );
  if (firstFailure) throw firstFailure.error;
  if (request.signal.aborted) throw new DOMException("Transcription canceled", "AbortError");
  const collected = await collectPieces(database, transcriptionId);
  return { segments: collected.segments, language: language ?? collected.language };
}
