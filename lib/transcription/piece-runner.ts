import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Database } from "@/lib/db/client";
import { withLease } from "@/lib/jobs/lease";
import { NORMALISED, audioStore } from "@/lib/storage/audio-store";
import { PermanentEngineError, type Engine, type EngineSegment } from "./engines/types";
import { finishPiece, claimPiece, releasePiece, renewPieceLease, type ClaimedPiece } from "./piece-queue";
import { pieceBytes, writePieceFrom, type Piece } from "./pieces";

/** Writes a piece's audio as a WAV file of its own. */
export type PieceCutter = (piece: Piece, file: string) => Promise<void>;

interface PieceRun {
  database: Database;
  engine: Engine;
  piece: ClaimedPiece;
  workerId: string;
  leaseMs: number;
  workDir: string;
  cut: PieceCutter;
  signal: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** Segments of a piece in times from the start of the file. */
function shifted(segment: EngineSegment, offsetMs: number): EngineSegment {
  if (offsetMs === 0) return segment;
  return {
    ...segment,
    startMs: segment.startMs + offsetMs,
    endMs: segment.endMs + offsetMs,
    words: segment.words?.map((w) => ({ ...w, start_ms: w.start_ms + offsetMs, end_ms: w.end_ms + offsetMs })),
  };
}

/**
 * Transcribes one claimed piece and stores it, renewing its lease meanwhile. "lost" when it
 * stopped being this worker's (canceled, taken over). A failure gives the piece back
 * (queued again, or failed for good) and is thrown to the caller.
 */
export async function runClaimedPiece(run: PieceRun): Promise<"done" | "lost"> {
  const { database, engine, piece, workerId, leaseMs } = run;
  const file = path.join(run.workDir, `piece-${piece.transcriptionId}-${piece.index}.wav`);
  return withLease({ renew: () => renewPieceLease(database, piece, workerId, leaseMs), leaseMs, outer: run.signal }, async (signal, lost) => {
    try {
      await run.cut(piece, file);
      const result = await engine.transcribe({
        wavPath: file,
        durationS: piece.endS - piece.startS,
        language: piece.language,
        previousText: piece.previousText,
        vocabulary: piece.vocabulary,
        signal,
        onProgress: run.onProgress,
      });
      const offsetMs = Math.round(piece.startS * 1000);
      const stored = await finishPiece(database, piece, workerId, { segments: result.segments.map((s) => shifted(s, offsetMs)), language: result.language });
      return stored ? "done" : "lost";
    } catch (error) {
      if (lost.aborted) return "lost";
      // Stopping (or the job's own failure elsewhere): the piece goes back for another worker.
      const stopping = run.signal.aborted;
      await releasePiece(database, piece, workerId, (error as Error).message, stopping || !(error instanceof PermanentEngineError)).catch(() => {});
      throw error;
    } finally {
      await rm(file, { force: true });
    }
  });
}

/** A piece's bytes fetched from the audio store (a range request: only its own part of the file). */
const fetchPiece =
  (audioKey: string): PieceCutter =>
  async (piece, file) =>
    writePieceFrom(await audioStore().read(`${audioKey}/${NORMALISED}`, pieceBytes(piece)), piece, file);

interface HelpOptions {
  database: Database;
  engine: Engine;
  workerId: string;
  leaseMs: number;
  /** false once the worker is stopping: no new piece is taken, the running ones finish */
  keepGoing: () => boolean;
  onPiece?: (piece: ClaimedPiece, outcome: string) => void;
}

/**
 * A worker with no job of its own takes pieces of other workers' long files, as many at
 * once as its machine holds, until none is free. Returns how many it ran.
 */
export async function helpWithPieces(options: HelpOptions): Promise<number> {
  const { database, engine, workerId, leaseMs } = options;
  const workDir = await mkdtemp(path.join(os.tmpdir(), "verbatim-pieces-"));
  let ran = 0;
  const lane = async () => {
    while (options.keepGoing()) {
      const piece = await claimPiece(database, workerId, leaseMs, { engine: engine.name });
      if (!piece) return;
      ran += 1;
      const outcome = await runClaimedPiece({
        database,
        engine,
        piece,
        workerId,
        leaseMs,
        workDir,
        cut: fetchPiece(piece.audioKey),
        signal: new AbortController().signal,
      }).catch((error: unknown) => `failed: ${(error as Error).message}`);
      options.onPiece?.(piece, outcome);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, engine.parallelism()) }, lane));
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  return ran;
}
