import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptions } from "@/lib/db/schema";
import { NORMALISED, audioStore } from "@/lib/storage/audio-store";
import { chooseEngine } from "./engines/registry";
import { PermanentEngineError, TransientEngineError } from "./engines/types";
import { clearPieces } from "./piece-queue";
import { renewLease } from "@/lib/jobs/job-queue";
import { completeJob, failJob, type TranscribeJob } from "./queue";
import { readableSegments } from "./readable-segments";
import { prepareAudio } from "./prepare-audio";
import { transcribePieces } from "./transcribe-pieces";

export interface WorkerOptions {
  workerId: string;
  leaseMs: number;
}

/** Runs one claimed job to its end: done, retried, failed, or dropped when canceled/taken over. */
export async function processJob(database: Database, job: TranscribeJob, options: WorkerOptions): Promise<string> {
  const [t] = await database.select().from(transcriptions).where(eq(transcriptions.id, job.transcriptionId));
  if (!t) return "missing";
  if (job.attempts > job.maxAttempts) {
    return failJob(database, job, options.workerId, "The transcription failed repeatedly. Please try again later.", false);
  }
  const choice = await chooseEngine();
  if (!choice.engine) return failJob(database, job, options.workerId, choice.reason ?? "No speech engine is configured.", false);
  const engine = choice.engine;
  // Only an open transcription becomes "processing": a cancel that landed meanwhile wins.
  const started = await database
    .update(transcriptions)
    .set({ status: "processing", progress: 0, piecesDone: 0, piecesTotal: 0, engine: engine.name, error: null })
    .where(and(eq(transcriptions.id, t.id), inArray(transcriptions.status, ["queued", "processing"])))
    .returning({ id: transcriptions.id });
  if (!started.length) return "canceled";
  // Pieces a worker stored before it died belong to an attempt that is over.
  await clearPieces(database, t.id);

  let result: Awaited<ReturnType<typeof transcribePieces>>;
  const abort = new AbortController();
  let workDir: string | undefined;
  let lease: ReturnType<typeof setInterval> | undefined;
  const progress = throttledProgress(database, t.id);
  try {
    workDir = await mkdtemp(path.join(os.tmpdir(), "verbatim-job-"));
    lease = setInterval(() => {
      void renewLease(database, job, options.workerId, options.leaseMs)
        .then((mine) => mine || abort.abort())
        .catch(() => {});
    }, Math.max(250, options.leaseMs / 3));
    // The store may be a bucket on another host: the audio comes to this worker's disk,
    // decoded here first when it was just accepted.
    const { wav, durationS } = t.audioReady
      ? { wav: await audioStore().localCopy(`${t.audioKey}/${NORMALISED}`, workDir), durationS: t.durationS }
      : await prepareAudio(database, t, workDir, abort.signal);
    result = await transcribePieces({
      database,
      transcriptionId: t.id,
      workerId: options.workerId,
      leaseMs: options.leaseMs,
      engine,
      wav,
      durationS,
      language: t.language,
      workDir,
      signal: abort.signal,
      onProgress: progress.report,
    });
    await progress.flush();
  } catch (error) {
    if (abort.signal.aborted) return "canceled";
    const transient = error instanceof TransientEngineError;
    const reason = error instanceof PermanentEngineError || transient ? error.message : `Transcription failed: ${(error as Error).message}`;
    return failJob(database, job, options.workerId, reason, transient);
  } finally {
    clearInterval(lease);
    progress.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }
  // Outside the catch: a database error while storing is not the engine's fault. It
  // propagates, the lease runs out, and the job is taken up again rather than failed.
  const done = await completeJob(database, job, options.workerId, {
    engine: engine.name,
    language: result.language ?? t.language ?? undefined,
    segments: readableSegments(result.segments),
  });
  return done ? "done" : "lost";
}

/** Progress to the database at most once a second, never past 99 before the transcript is stored. */
function throttledProgress(database: Database, transcriptionId: string) {
  let latest = 0;
  let written = 0;
  let pending: Promise<unknown> = Promise.resolve();
  const write = () => {
    if (latest === written) return;
    written = latest;
    pending = database.update(transcriptions).set({ progress: written }).where(eq(transcriptions.id, transcriptionId)).catch(() => {});
  };
  const timer = setInterval(write, 1000);
  return {
    report: (fraction: number) => {
      latest = Math.max(latest, Math.min(99, Math.floor(fraction * 100)));
    },
    flush: async () => {
      write();
      await pending;
    },
    stop: () => clearInterval(timer),
  };
}
