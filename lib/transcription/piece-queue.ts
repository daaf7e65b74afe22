import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { queryRows, type Database, type Tx } from "@/lib/db/client";
import type { JobDefinition } from "@/lib/jobs/definition";
import { takeTurn } from "@/lib/jobs/store";
import { jobs, transcriptSegments, transcriptionPieces, transcriptions, type VocabularyTerm } from "@/lib/db/schema";
import type { EngineSegment } from "./engines/types";
import type { Piece } from "./pieces";
import { readableSegments } from "./readable-segments";

/**
 * The pieces of a running job, shared by every worker: a worker with nothing of its own to
 * do takes a queued piece (FOR UPDATE SKIP LOCKED, under a lease like a job's), and a piece
 * whose worker died is taken again when its lease runs out. Storing a piece checks both its
 * lease and that the job still runs, so a canceled or taken-over job gets no stray text.
 */

/** A piece taken by a worker, with what it needs to transcribe it anywhere. */
export interface ClaimedPiece extends Piece {
  transcriptionId: string;
  audioKey: string;
  language: string | null;
  attempts: number;
  /** the end of the text before it, when that piece is done */
  previousText?: string;
  /** its transcription's vocabulary */
  vocabulary: VocabularyTerm[];
}

/** A piece that fails this often on helpers fails its file. */
const PIECE_MAX_ATTEMPTS = 3;
/** The end of the previous piece's text that goes to the engine as its prompt. */
const PROMPT_CHARS = 200;
/** Positions of a piece's segments sort after every earlier piece's, whatever order pieces finish in. */
const POSITIONS_PER_PIECE = 100_000;

const seconds = (ms: number) => ms / 1000;

/** Makes pieces of a running job available to every worker. */
export async function publishPieces(database: Database, transcriptionId: string, pieces: readonly Piece[], language: string | null): Promise<void> {
  if (!pieces.length) return;
  await database
    .insert(transcriptionPieces)
    .values(
      pieces.map((p) => ({
        transcriptionId,
        idx: p.index,
        startMs: Math.round(p.startS * 1000),
        endMs: Math.round(p.endS * 1000),
        language,
      })),
    )
    .onConflictDoNothing();
}

interface PieceRow {
  transcription_id: string;
  idx: number;
  start_ms: number;
  end_ms: number;
  language: string | null;
  attempts: number;
  audio_key: string;
  vocabulary: VocabularyTerm[] | string | null;
  account: string | null;
  previous: EngineSegment[] | string | null;
}

/** The lane whose turns pieces take (lib/worker's files lane, where transcribe jobs run). */
const FILES_LANE: JobDefinition["lane"] = "files";

/**
 * The next free piece of a running job transcribed with `engine` (a worker's engine must be
 * the job's: pieces of one file are heard alike), of one file only when `transcriptionId`
 * is given. The file of the account the files lane served longest ago first, then
 * higher-priority jobs, then older ones, then the file's order.
 */
export async function claimPiece(
  database: Database,
  workerId: string,
  leaseMs: number,
  filter: { engine: string; transcriptionId?: string },
): Promise<ClaimedPiece | null> {
  const rows = await queryRows<PieceRow>(
    database,
    sql`update transcription_pieces p
           set status = 'running', locked_by = ${workerId},
               locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
               attempts = p.attempts + 1
          from transcriptions t
         where t.id = p.transcription_id
           and (p.transcription_id, p.idx) = (
             select c.transcription_id, c.idx
               from transcription_pieces c
               join jobs j on j.transcription_id = c.transcription_id and j.kind = 'transcribe' and j.status = 'running'
               join transcriptions ct on ct.id = c.transcription_id
               left join queue_turns qt on qt.lane = ${FILES_LANE} and qt.account = coalesce(j.account, '')
              where (c.status = 'queued' or (c.status = 'running' and c.locked_until < now()))
                and ct.engine = ${filter.engine}
                ${filter.transcriptionId ? sql`and c.transcription_id = ${filter.transcriptionId}` : sql``}
              order by qt.served_at asc nulls first, j.priority desc, j.created_at asc, c.idx asc
              limit 1
              for update of c skip locked)
        returning p.transcription_id, p.idx, p.start_ms, p.end_ms, p.language, p.attempts, t.audio_key, t.vocabulary,
          (select coalesce(a.account, '') from jobs a where a.transcription_id = p.transcription_id and a.kind = 'transcribe') as account,
          (select q.segments from transcription_pieces q
            where q.transcription_id = p.transcription_id and q.idx = p.idx - 1 and q.status = 'done') as previous`,
  );
  const row = rows[0];
  if (!row) return null;
  // A piece is a turn of its payer's: the files lane then serves an account that waits before this file's next piece.
  await takeTurn(database, FILES_LANE, row.account ?? "");
  const previous: EngineSegment[] | null = typeof row.previous === "string" ? (JSON.parse(row.previous) as EngineSegment[]) : row.previous;
  const previousText = previous?.map((s) => s.text).join(" ").slice(-PROMPT_CHARS);
  return {
    transcriptionId: row.transcription_id,
    index: row.idx,
    startS: seconds(row.start_ms),
    endS: seconds(row.end_ms),
    language: row.language,
    attempts: row.attempts,
    audioKey: row.audio_key,
    previousText: previousText || undefined,
    // A driver without JSON parsing (PGlite's raw rows) gives the text.
    vocabulary: (typeof row.vocabulary === "string" ? JSON.parse(row.vocabulary) : row.vocabulary) ?? [],
  };
}

const heldBy = (piece: { transcriptionId: string; index: number }, workerId: string) =>
  and(
    eq(transcriptionPieces.transcriptionId, piece.transcriptionId),
    eq(transcriptionPieces.idx, piece.index),
    eq(transcriptionPieces.lockedBy, workerId),
    eq(transcriptionPieces.status, "running"),
  );

/** Renews a piece's lease; false when it is no longer this worker's or its job has ended. */
export async function renewPieceLease(database: Database, piece: ClaimedPiece, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await database
    .update(transcriptionPieces)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(
      and(
        heldBy(piece, workerId),
        sql`exists (select 1 from ${jobs} where ${jobs.kind} = 'transcribe' and ${jobs.transcriptionId} = ${piece.transcriptionId} and ${jobs.status} = 'running')`,
      ),
    )
    .returning({ idx: transcriptionPieces.idx });
  return rows.length > 0;
}

/** The job is running: held for the rest of the transaction, so a cancel waits for it to end. */
async function jobRunning(tx: Tx, transcriptionId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, "transcribe"), eq(jobs.transcriptionId, transcriptionId), eq(jobs.status, "running")))
    .for("share");
  return rows.length > 0;
}

/**
 * Stores a finished piece, if its job still runs and the piece is this worker's: taken
 * through claimPiece (`claimed`), or run by the job's own worker before it was published.
 * Its readable segments go on the transcript page at once, while the rest run.
 */
export async function finishPiece(
  database: Database,
  piece: { transcriptionId: string; index: number; startS: number; endS: number },
  workerId: string,
  result: { segments: EngineSegment[]; language?: string },
): Promise<boolean> {
  return database.transaction(async (tx) => {
    if (!(await jobRunning(tx, piece.transcriptionId))) return false;
    const stored = await tx
      .insert(transcriptionPieces)
      .values({
        transcriptionId: piece.transcriptionId,
        idx: piece.index,
        startMs: Math.round(piece.startS * 1000),
        endMs: Math.round(piece.endS * 1000),
        status: "done",
        segments: result.segments,
        heardLanguage: result.language ?? null,
      })
      .onConflictDoUpdate({
        target: [transcriptionPieces.transcriptionId, transcriptionPieces.idx],
        set: { status: "done", segments: result.segments, heardLanguage: result.language ?? null, lockedBy: null, lockedUntil: null },
        setWhere: sql`${transcriptionPieces.lockedBy} = ${workerId} and ${transcriptionPieces.status} = 'running'`,
      })
      .returning({ idx: transcriptionPieces.idx });
    if (!stored.length) return false;
    await insertSegments(tx, piece.transcriptionId, readableSegments(result.segments), piece.index * POSITIONS_PER_PIECE);
    await tx
      .update(transcriptions)
      .set({
        piecesDone: sql`(select count(*)::int from ${transcriptionPieces} where ${transcriptionPieces.transcriptionId} = ${piece.transcriptionId} and ${transcriptionPieces.status} = 'done')`,
      })
      .where(eq(transcriptions.id, piece.transcriptionId));
    return true;
  });
}

/**
 * A piece that failed on this worker: a permanent failure fails the file (its job's worker
 * sees it); a passing one (network, overload) goes back to the queue, up to three tries.
 */
export async function releasePiece(database: Database, piece: ClaimedPiece, workerId: string, reason: string, transient: boolean): Promise<void> {
  const retry = transient && piece.attempts < PIECE_MAX_ATTEMPTS;
  await database
    .update(transcriptionPieces)
    .set(retry ? { status: "queued", lockedBy: null, lockedUntil: null } : { status: "failed", error: reason, lockedBy: null, lockedUntil: null })
    .where(heldBy(piece, workerId));
}

export interface PiecesState {
  total: number;
  done: number;
  /** seconds of audio in the pieces done */
  doneSeconds: number;
  /** why a piece failed for good, if one did */
  failure: string | null;
}

export async function piecesState(database: Database, transcriptionId: string): Promise<PiecesState> {
  const rows = await database
    .select({ status: transcriptionPieces.status, startMs: transcriptionPieces.startMs, endMs: transcriptionPieces.endMs, error: transcriptionPieces.error })
    .from(transcriptionPieces)
    .where(eq(transcriptionPieces.transcriptionId, transcriptionId));
  const done = rows.filter((r) => r.status === "done");
  return {
    total: rows.length,
    done: done.length,
    doneSeconds: done.reduce((sum, r) => sum + seconds(r.endMs - r.startMs), 0),
    failure: rows.find((r) => r.status === "failed")?.error ?? null,
  };
}

/** Every piece's segments in the file's order, and the language the first one heard. */
export async function collectPieces(database: Database, transcriptionId: string): Promise<{ segments: EngineSegment[]; language?: string }> {
  const rows = await database
    .select({ segments: transcriptionPieces.segments, heardLanguage: transcriptionPieces.heardLanguage })
    .from(transcriptionPieces)
    .where(and(eq(transcriptionPieces.transcriptionId, transcriptionId), eq(transcriptionPieces.status, "done")))
    .orderBy(asc(transcriptionPieces.idx));
  return { segments: rows.flatMap((r) => r.segments ?? []), language: rows.find((r) => r.heardLanguage)?.heardLanguage ?? undefined };
}

/** Writes transcript segments from `firstPosition` on. */
export async function insertSegments(tx: Tx, transcriptionId: string, segments: readonly EngineSegment[], firstPosition = 0): Promise<void> {
  if (!segments.length) return;
  await tx.insert(transcriptSegments).values(
    segments.map((s, i) => ({
      id: randomUUID(),
      transcriptionId,
      position: firstPosition + i,
      startMs: s.startMs,
      endMs: s.endMs,
      text: s.text,
      words: s.words ?? null,
      confidence: s.confidence ?? null,
      speaker: s.speaker ?? null,
    })),
  );
}

/** What an attempt stored piece by piece goes: before a new attempt, when it ends, or when none follows. */
export async function clearPieces(tx: Tx | Database, transcriptionId: string): Promise<void> {
  await tx.delete(transcriptSegments).where(eq(transcriptSegments.transcriptionId, transcriptionId));
  await tx.delete(transcriptionPieces).where(eq(transcriptionPieces.transcriptionId, transcriptionId));
}
