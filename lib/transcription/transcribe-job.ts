import { mkdtemp, rm } from "node:fs/promises";
import { compileRules } from "@/lib/text/replacements";
import { writtenTheUsersWay } from "./written-the-users-way";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { liveSessions, transcriptions } from "@/lib/db/schema";
import { liveDraft } from "@/lib/recordings/store/draft";
import { defineJob, type JobOutcome, type JobRun } from "@/lib/jobs/definition";
import { EXHAUSTED } from "@/lib/jobs/run-job";
import { DomainError } from "@/lib/errors/domain-error";
import { billedUserOf } from "@/lib/billing/payer";
import { reserveSeconds } from "@/lib/billing/usage";
import { log } from "@/lib/log/logger";
import { NORMALISED, audioStore } from "@/lib/storage/audio-store";
import { chooseEngine } from "./engines/registry";
import { PermanentEngineError, TransientEngineError, type EngineSegment } from "./engines/types";
import { liveOrFinal } from "./live-or-final";
import { clearPieces } from "./piece-queue";
import { cancelTranscription, completeTranscription, transcriptionFailed, transcriptionRequeued } from "./queue";
import { transcribeKind } from "./transcribe-queue";
import { readableSegments } from "./readable-segments";
import { prepareAudio } from "./prepare-audio";
import { transcribePieces } from "./transcribe-pieces";
import { labelSpeakers, type FoundSpeakers } from "./speaker-segments";
import { noSpeakersSentence, speakersOrNote } from "@/lib/speakers/detect-speakers";
import type { Diarization } from "@/lib/speakers/diarization";

/**
 * Transcribes one file: the audio to this worker's disk (decoded first when just uploaded),
 * its pieces on as many lanes as the machine holds (and on other workers), the transcript
 * stored in the transaction that ends the job. "lost" when the job stopped being this
 * worker's (canceled, taken over). A worker that is stopping stops its engine and hands the
 * job back at once, so a restart costs the file its progress but not an attempt.
 */
async function transcribe({ database, job, signal, lost, leaseMs, yieldTurn }: JobRun<null>): Promise<JobOutcome> {
  const [t] = job.transcriptionId ? await database.select().from(transcriptions).where(eq(transcriptions.id, job.transcriptionId)) : [];
  if (!t) return "done";
  const choice = await chooseEngine();
  if (!choice.engine) throw new PermanentEngineError(choice.reason ?? "No speech engine is configured.");
  const engine = choice.engine;
  // Only an open transcription becomes "processing": a cancel that landed meanwhile wins.
  const started = await database
    .update(transcriptions)
    .set({ status: "processing", progress: 0, piecesDone: 0, piecesTotal: 0, engine: engine.name, error: null })
    .where(and(eq(transcriptions.id, t.id), inArray(transcriptions.status, ["queued", "processing"])))
    .returning({ id: transcriptions.id });
  if (!started.length) return "lost";
  // Pieces a worker stored before it died belong to an attempt that is over.
  await clearPieces(database, t.id);

  let result: Awaited<ReturnType<typeof transcribePieces>>;
  let speakers: Diarization | { note: string } | null = null;
  let workDir: string | undefined;
  const progress = throttledProgress(database, t.id);
  // Speaker detection runs beside the speech pass and stops with it.
  const detection = new AbortController();
  const stopDetection = () => detection.abort();
  signal.addEventListener("abort", stopDetection, { once: true });
  try {
    workDir = await mkdtemp(path.join(os.tmpdir(), "verbatim-job-"));
    // The store may be a bucket on another host: the audio comes to this worker's disk,
    // decoded here first when it was just accepted.
    const { wav, durationS } = t.audioReady
      ? { wav: await audioStore().localCopy(`${t.audioKey}/${NORMALISED}`, workDir), durationS: t.durationS }
      : await prepareAudio(database, t, workDir, signal);
    const detecting = t.speakersExpected === 1 ? null : speakersOrNote({ wavPath: wav, durationS, speakers: t.speakersExpected, signal: detection.signal });
    result = await transcribePieces({
      database,
      transcriptionId: t.id,
      workerId: job.workerId,
      leaseMs,
      engine,
      wav,
      durationS,
      language: t.language,
      vocabulary: t.vocabulary,
      workDir,
      signal,
      onProgress: progress.report,
      yieldTurn,
    });
    speakers = await detecting;
    await progress.flush();
  } catch (error) {
    if (lost.aborted) return "lost";
    throw error;
  } finally {
    detection.abort();
    signal.removeEventListener("abort", stopDetection);
    progress.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }
  // A recording: where the same engine was surer of its live text, that is kept.
  const chosen = await liveOrFinalOf(database, t.id, engine.name, result.segments);
  // The space's replacement rules and the vocabulary's "sounds like" hints, after recognition.
  const rules = compileRules(t.replacements, t.vocabulary);
  // A database error while storing is not the engine's fault: the file is tried again rather than failed.
  let segments = readableSegments(chosen).map((s) => writtenTheUsersWay(s, rules));
  let found: FoundSpeakers | undefined;
  if (speakers && "turns" in speakers) {
    try {
      const labelled = labelSpeakers(segments, speakers);
      segments = labelled.segments;
      found = { diarizer: speakers.diarizer, speakers: labelled.speakers };
    } catch (error) {
      // The transcript is kept whatever happens to its speakers.
      log().error({ err: error }, "the speakers could not be put on the transcript");
      found = { note: noSpeakersSentence("they could not be matched to the words") };
    }
  } else if (speakers) found = speakers;
  const done = await completeTranscription(database, job, t.id, {
    engine: engine.name,
    language: result.language ?? t.language ?? undefined,
    segments,
    speakers: found,
  }).catch((error: unknown) => {
    // The error holds the query and its values (the transcript): logged without them, never shown.
    log().error({ err: error }, "the transcript could not be stored");
    throw new TransientEngineError("The transcript could not be stored. It is tried again.");
  });
  return done ? "done" : "lost";
}

/** The better of a recording's live text and its full-quality pass (the pass alone for an uploaded file). */
async function liveOrFinalOf(database: Database, transcriptionId: string, engine: string, final: EngineSegment[]): Promise<EngineSegment[]> {
  try {
    const [session] = await database.select({ engine: liveSessions.engine }).from(liveSessions).where(eq(liveSessions.transcriptionId, transcriptionId));
    if (!session) return final;
    const live = (await liveDraft(database, transcriptionId)).map((u) => ({ ...u, words: u.words ?? undefined, confidence: u.confidence ?? undefined }));
    const chosen = liveOrFinal(final, live, session.engine === engine);
    if (chosen.keptLive) log().info({ transcriptionId, keptLive: chosen.keptLive, stretches: chosen.stretches }, "kept live text the engine was surer of");
    return chosen.segments;
  } catch (error) {
    // The full pass is done: a failure to read the live text never costs it.
    log().error({ err: error, transcriptionId }, "the live text could not be compared with the full pass");
    return final;
  }
}

const transcriptionOf = (job: { transcriptionId: string | null }): string => {
  if (!job.transcriptionId) throw new Error("A transcribe job without a transcription.");
  return job.transcriptionId;
};

export const transcribeJob = defineJob(transcribeKind, {
  run: transcribe,
  transient: (error) => error instanceof TransientEngineError,
  reason: (error) => {
    if (error instanceof Error && error.message === EXHAUSTED) return "The transcription failed repeatedly. Please try again later.";
    if (error instanceof PermanentEngineError || error instanceof TransientEngineError) return error.message;
    return "Transcription failed on the server. Please try again later.";
  },
  onRetry: (tx, job) => transcriptionRequeued(tx, transcriptionOf(job)),
  onFailed: (tx, job, reason) => transcriptionFailed(tx, transcriptionOf(job), reason),
  operator: {
    // An operator's cancel is the user's cancel: the file stops and its unused time is given back.
    cancel: async (tx, job) => {
      const id = transcriptionOf(job);
      const [owner] = await tx.select({ userId: transcriptions.userId }).from(transcriptions).where(eq(transcriptions.id, id));
      if (owner) await cancelTranscription(tx, id, owner.userId);
    },
    // Queued again as on upload: the failure gave the reserved time back, so it is reserved
    // again (an operator's retry is not held to the plan's limit) and given back if it fails again.
    redrive: async (tx, job) => {
      const [t] = await tx
        .update(transcriptions)
        .set({ status: "queued", progress: 0, piecesDone: 0, piecesTotal: 0, error: null })
        .where(and(eq(transcriptions.id, transcriptionOf(job)), eq(transcriptions.status, "failed")))
        .returning();
      if (!t) throw new DomainError("conflict", "This transcription is no longer failed, so its job cannot be queued again.");
      await reserveSeconds(tx, billedUserOf(t), t.usagePeriodStart, t.reservedSeconds, null);
    },
    // A user's cancel is theirs: an operator does not bring the file back.
    redriveCanceled: false,
  },
});

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
