import { rm } from "node:fs/promises";
import path from "node:path";
import type { Engine, EngineSegment } from "./engines/types";
import { planPieces, writePiece, type Piece } from "./pieces";

export interface PieceDone {
  piece: Piece;
  /** times from the start of the file */
  segments: EngineSegment[];
  done: number;
  total: number;
}

interface PiecesRequest {
  engine: Engine;
  /** the normalised WAV */
  wav: string;
  durationS: number;
  /** null: the engine detects it (once, on the first piece) */
  language: string | null;
  workDir: string;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
  /** called as each piece finishes, in whatever order they finish */
  onPiece?: (done: PieceDone) => Promise<void> | void;
}

/** The end of the previous piece's text that goes to the engine as its prompt. */
const PROMPT_CHARS = 200;

/**
 * Transcribes long audio in pieces cut at pauses, `engine.parallelism()` at a time, so a
 * two-hour file is read from its first minutes on while the rest runs and uses every core.
 * Memory stays flat: one piece per running engine is on disk, none in memory.
 */
export async function transcribePieces(request: PiecesRequest): Promise<{ segments: EngineSegment[]; language?: string }> {
  const { engine, wav, durationS, workDir, onProgress, onPiece } = request;
  const lanes = Math.max(1, engine.parallelism());
  const pieces = durationS > engine.pieceSeconds ? await planPieces(wav, durationS, engine.pieceSeconds, lanes) : [{ index: 0, startS: 0, endS: durationS }];
  const results: Array<EngineSegment[] | undefined> = new Array(pieces.length);
  const texts: Array<string | undefined> = new Array(pieces.length);
  const fractions = new Array<number>(pieces.length).fill(0);
  const report = () => onProgress(pieces.reduce((sum, p, i) => sum + fractions[i] * (p.endS - p.startS), 0) / Math.max(durationS, 0.001));
  let language = request.language;
  let detected: string | undefined;
  let done = 0;

  // One failure stops the other lanes' engines too, rather than leaving them running.
  const stopAll = new AbortController();
  const signal = AbortSignal.any([request.signal, stopAll.signal]);

  const runPiece = async (piece: Piece) => {
    const whole = pieces.length === 1;
    const file = whole ? wav : path.join(workDir, `piece-${piece.index}.wav`);
    try {
      if (!whole) await writePiece(wav, piece, file);
      const before = texts[piece.index - 1];
      const result = await engine.transcribe({
        wavPath: file,
        durationS: piece.endS - piece.startS,
        language,
        previousText: before ? before.slice(-PROMPT_CHARS) : undefined,
        signal,
        onProgress: (f) => {
          fractions[piece.index] = Math.min(1, f);
          report();
        },
      });
      detected ??= result.language;
      const offsetMs = Math.round(piece.startS * 1000);
      const segments = result.segments.map((s) => shifted(s, offsetMs));
      results[piece.index] = segments;
      texts[piece.index] = segments.map((s) => s.text).join(" ");
      fractions[piece.index] = 1;
      report();
      done += 1;
      await onPiece?.({ piece, segments, done, total: pieces.length });
    } finally {
      if (!whole) await rm(file, { force: true });
    }
  };

  let next = 0;
  if (language === null && engine.detectsLanguage && pieces.length > 1) {
    // The language is heard once, on the first piece; every other piece is told it, so a
    // quiet or ambiguous stretch later on cannot switch the transcript's language.
    await runPiece(pieces[next++]);
    language = detected ?? null;
  }
  const lane = async () => {
    while (next < pieces.length && !signal.aborted) await runPiece(pieces[next++]);
  };
  // The first failure is the cause; the other lanes then fail only because they were stopped.
  let firstFailure: { error: unknown } | undefined;
  await Promise.all(
    Array.from({ length: Math.min(lanes, pieces.length - next) }, () =>
      lane().catch((error: unknown) => {
        firstFailure ??= { error };
        stopAll.abort();
      }),
    ),
  );
  if (firstFailure) throw firstFailure.error;
  if (request.signal.aborted) throw new DOMException("Transcription canceled", "AbortError");
  return { segments: results.flatMap((r) => r ?? []), language: detected };
}

function shifted(segment: EngineSegment, offsetMs: number): EngineSegment {
  if (offsetMs === 0) return segment;
  return {
    ...segment,
    startMs: segment.startMs + offsetMs,
    endMs: segment.endMs + offsetMs,
    words: segment.words?.map((w) => ({ ...w, start_ms: w.start_ms + offsetMs, end_ms: w.end_ms + offsetMs })),
  };
}
