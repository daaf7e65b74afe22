import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptions } from "@/lib/db/schema";
import { NORMALISED, audioDir } from "@/lib/storage/audio-store";
import { splitWav, type Chunk } from "./audio";
import { chooseEngine } from "./engines/registry";
import { PermanentEngineError, TransientEngineError, type Engine, type EngineSegment } from "./engines/types";
import { completeJob, failJob, renewLease, type ClaimedJob } from "./queue";
import { readableSegments } from "./readable-segments";

export interface WorkerOptions {
  workerId: string;
  leaseMs: number;
}

/** Runs one claimed job to its end: done, retried, failed, or dropped when canceled/taken over. */
export async function processJob(database: Database, job: ClaimedJob, options: WorkerOptions): Promise<string> {
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
    .set({ status: "processing", progress: 0, engine: engine.name, error: null })
    .where(and(eq(transcriptions.id, t.id), inArray(transcriptions.status, ["queued", "processing"])))
    .returning({ id: transcriptions.id });
  if (!started.length) return "canceled";

  let result: Awaited<ReturnType<typeof transcribeInPieces>>;
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
    const wav = path.join(audioDir(t.audioKey), NORMALISED);
    result = await transcribeInPieces(engine, wav, t.durationS, t.language, workDir, abort.signal, progress.report);
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

/** Long audio goes to the engine in pieces, so memory stays flat whatever the length. */
async function transcribeInPieces(
  engine: Engine,
  wav: string,
  durationS: number,
  language: string | null,
  workDir: string,
  signal: AbortSignal,
  report: (fraction: number) => void,
): Promise<{ segments: EngineSegment[]; language?: string }> {
  const chunks: Chunk[] =
    engine.chunkSeconds && durationS > engine.chunkSeconds
      ? await splitWav(wav, engine.chunkSeconds, workDir, signal)
      : [{ file: wav, offsetS: 0 }];
  const segments: EngineSegment[] = [];
  let detected: string | undefined;
  for (const [i, chunk] of chunks.entries()) {
    const chunkDuration = Math.min(engine.chunkSeconds ?? durationS, durationS - chunk.offsetS);
    const result = await engine.transcribe({
      wavPath: chunk.file,
      durationS: chunkDuration,
      language: language ?? detected ?? null,
      signal,
      onProgress: (f) => report((i + f) / chunks.length),
    });
    detected ??= result.language;
    const offsetMs = Math.round(chunk.offsetS * 1000);
    for (const s of result.segments) {
      segments.push({
        ...s,
        startMs: s.startMs + offsetMs,
        endMs: s.endMs + offsetMs,
        words: s.words?.map((w) => ({ ...w, start_ms: w.start_ms + offsetMs, end_ms: w.end_ms + offsetMs })),
      });
    }
    report((i + 1) / chunks.length);
  }
  return { segments, language: detected };
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
