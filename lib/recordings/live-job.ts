import { mkdtemp, rm } from "node:fs/promises";
import { compileRules } from "@/lib/text/replacements";
import { writtenTheUsersWay } from "@/lib/transcription/written-the-users-way";
import os from "node:os";
import path from "node:path";
import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { queryRows, type Tx } from "@/lib/db/client";
import { liveChunks, liveSessions, liveUtterances, transcriptions } from "@/lib/db/schema";
import { defineJob, type JobOutcome, type JobRun } from "@/lib/jobs/definition";
import { complete, fail, release } from "@/lib/jobs/store";
import { log } from "@/lib/log/logger";
import { pause } from "@/lib/process/pause";
import { throttled } from "@/lib/process/throttled";
import { announceChange } from "@/lib/transcription/change-feed";
import { chooseEngine } from "@/lib/transcription/engines/registry";
import type { Engine, EngineSegment, LiveTranscriber } from "@/lib/transcription/engines/types";
import { LIVE_IDLE_RELEASE_MS, liveKind, releaseIdleSlot, type LivePayload } from "./live-queue";
import { LIVE_CHUNK_BYTES, LIVE_CHUNK_MS } from "@/lib/recordings/store/pcm-chunks";

/** How often an idle session looks for new chunks. */
const POLL_MS = 100;
/** How often it reads whether the recording was stopped, while no chunk comes. */
const SESSION_CHECK_MS = 1000;
/** A missing chunk is waited for this long (the browser resends it), then skipped. */
const GAP_WAIT_MS = 5000;
const SILENT_CHUNK = Buffer.alloc(LIVE_CHUNK_BYTES);

/** Words still changing are written at most this often (the engine has new ones every chunk, 250 ms). */
const PENDING_EVERY_MS = 200;

/** Live transcription stopped on the worker; the recording goes on and is transcribed in full when it stops. */
const LIVE_STOPPED = "Live transcription stopped on the server. Your recording is still saved and is transcribed when you stop.";

/** The recording goes on without live text (its audio is stored); it is transcribed in full when it stops. */
async function liveStopped(tx: Tx, transcriptionId: string): Promise<void> {
  await tx.update(liveSessions).set({ live: false, pending: "", notLiveReason: LIVE_STOPPED }).where(eq(liveSessions.transcriptionId, transcriptionId));
}

/**
 * A worker transcribes one recording live: the chunks, in order, as they arrive, into the
 * engine's live transcriber; each utterance it reports is stored and announced to the
 * user's open streams at once. Ends when the recording has stopped and every chunk is
 * heard, or gives its slot back when no audio came for a while (the next chunk asks for one
 * again). A worker that dies stops renewing the lease; the next one resumes after the last
 * stored utterance.
 */
async function runLive(run: JobRun<LivePayload>, idleReleaseMs: number, givenEngine?: Engine): Promise<JobOutcome> {
  const { database, job, stopping, lost } = run;
  const ended = async () => ((await complete(database, job)) ? "done" : "lost");
  const transcriptionId = job.transcriptionId;
  const [t] = transcriptionId ? await database.select().from(transcriptions).where(eq(transcriptions.id, transcriptionId)) : [];
  const engine = givenEngine ?? (await chooseEngine()).engine;
  // Gone: discarded, or already replaced by the full transcript.
  if (!t || !transcriptionId) return await ended();
  if (!engine) throw new Error("No speech engine is available on this worker.");
  const [last] = await database
    .select({ idx: liveUtterances.idx, endMs: liveUtterances.endMs })
    .from(liveUtterances)
    .where(eq(liveUtterances.transcriptionId, transcriptionId))
    .orderBy(desc(liveUtterances.idx))
    .limit(1);
  // Resumed by another worker: from the chunk where the last stored utterance ended; after a
  // pause that gave the slot back, from the chunk the engine had heard up to.
  let next = Math.max(run.payload?.fromChunk ?? 0, last ? Math.floor(last.endMs / LIVE_CHUNK_MS) : 0);
  let idx = last ? last.idx + 1 : 0;

  const abort = new AbortController();
  const stop = AbortSignal.any([abort.signal, run.signal]);
  let workDir: string | undefined;
  let transcriber: LiveTranscriber | undefined;
  let sessionGone = false;
  // Stored text is written one step after another, so words still changing never land after
  // the utterance that replaced them.
  let writing: Promise<void> = Promise.resolve();
  /** the words still changing as last stored: the same again is not written (each write wakes the user's streams) */
  let storedPending = "";
  const inOrder = (step: () => Promise<void>) => (writing = writing.then(step, step));
  const rules = compileRules(t.replacements, t.vocabulary);
  const onUtterance = async (heard: EngineSegment) => {
    if (stop.aborted || !heard.text.trim()) return;
    const u = writtenTheUsersWay(heard, rules);
    pending.cancel();
    await inOrder(async () => {
      if (stop.aborted) return;
      // Only while the recording's session is there: a discarded recording, or one whose full
      // transcript is stored, takes no more live text. The key-share lock waits for a discard
      // that is counting the seconds shown, so no text appears after it counted. The words
      // shown as still changing are this utterance's: they go in the same statement.
      const stored = await queryRows(
        database,
        sql`with stored as (
              insert into live_utterances (transcription_id, idx, start_ms, end_ms, text, words, confidence)
              select ${transcriptionId}, ${idx}, ${u.startMs}, ${u.endMs}, ${u.text}, ${u.words ? JSON.stringify(u.words) : null}::jsonb, ${u.confidence ?? null}
               where exists (select 1 from live_sessions where transcription_id = ${transcriptionId} for key share)
              on conflict do nothing
              returning idx),
            cleared as (update live_sessions set pending = '' where transcription_id = ${transcriptionId} and pending <> '' and exists (select 1 from stored))
            select idx from stored`,
      );
      if (!stored.length) {
        sessionGone = true;
        return abort.abort();
      }
      idx++;
      storedPending = "";
      await announceChange(database, t.userId);
    });
  };
  // Words still changing: the latest is written at most every PENDING_EVERY_MS (an update
  // that comes sooner waits for it, replaced by any newer one); the audio the engine had
  // heard when it had them counts as shown.
  const pending = throttled(PENDING_EVERY_MS, ({ text, heardMs }: { text: string; heardMs: number }) =>
    inOrder(async () => {
      if (stop.aborted || text === storedPending) return;
      storedPending = text;
      const shown = text ? { shownMs: sql`greatest(${liveSessions.shownMs}, ${Math.round(heardMs)})` } : {};
      await database.update(liveSessions).set({ pending: text, ...shown }).where(eq(liveSessions.transcriptionId, transcriptionId));
      await announceChange(database, t.userId);
    }).catch(() => {}),
  );
  // Without the engine's own measure, the words cover at most the audio it has been given.
  const onPending = (text: string, heardMs = next * LIVE_CHUNK_MS) => {
    if (!stop.aborted) pending.push({ text, heardMs });
  };
  try {
    // Which engine made the live text: the full-quality pass compares its confidence with the live text's only on the same engine.
    await database.update(liveSessions).set({ engine: engine.name }).where(eq(liveSessions.transcriptionId, transcriptionId));
    const dir = await mkdtemp(path.join(os.tmpdir(), "verbatim-live-"));
    workDir = dir;
    const listen = () => engine.live({ language: t.language, offsetMs: next * LIVE_CHUNK_MS, workDir: dir, vocabulary: t.vocabulary, onUtterance, onPending });
    transcriber = await listen();
    let fedAt = Date.now();
    let gapSince: number | null = null;
    let checkedAt = 0;
    let stopped = false;
    while (!stop.aborted) {
      const rows = await database
        .select({ seq: liveChunks.seq, pcm: liveChunks.pcm })
        .from(liveChunks)
        .where(and(eq(liveChunks.transcriptionId, transcriptionId), gte(liveChunks.seq, next)))
        .orderBy(asc(liveChunks.seq))
        .limit(40);
      let fed = 0;
      for (const row of rows) {
        if (row.seq !== next) {
          // A chunk is missing: the browser is still resending it, unless it stopped or gave up.
          gapSince ??= Date.now();
          if (!stopped && Date.now() - gapSince < GAP_WAIT_MS) break;
          // Skipped as silence, so the engine's clock stays the recording's (the full-quality
          // pass hears the same silence there) and later words keep their times.
          for (; next < row.seq; next++) await transcriber.write(SILENT_CHUNK);
        }
        gapSince = null;
        await transcriber.write(row.pcm);
        next++;
        fed++;
      }
      if (fed) {
        fedAt = Date.now();
        continue;
      }
      if (Date.now() - checkedAt >= SESSION_CHECK_MS || gapSince !== null) {
        checkedAt = Date.now();
        const [session] = await database
          .select({ stoppedAt: liveSessions.stoppedAt })
          .from(liveSessions)
          .where(eq(liveSessions.transcriptionId, transcriptionId));
        if (!session) {
          // Discarded, or already replaced by the full transcript.
          transcriber.abort();
          return await ended();
        }
        stopped = session.stoppedAt !== null;
        if (stopped && !rows.length) break;
        if (!stopped && !rows.length && Date.now() - fedAt >= idleReleaseMs) {
          // Nothing for a while: the words before the pause are reported, then the slot goes.
          await transcriber.end();
          if (stop.aborted) break;
          const released = await releaseIdleSlot(database, job, transcriptionId, next);
          if (released === "released") {
            await announceChange(database, t.userId);
            return "done";
          }
          if (released === "lost") return "lost";
          // A chunk came meanwhile: a new engine session goes on from here.
          transcriber = await listen();
          fedAt = Date.now();
        }
      }
      await pause(POLL_MS, stop);
    }
    if (stopping.aborted && !lost.aborted && !abort.signal.aborted) {
      transcriber.abort();
      // Another worker takes it over at once, from the last stored utterance.
      return (await release(database, job)) ? "released" : "lost";
    }
    if (sessionGone) {
      transcriber.abort();
      return await ended();
    }
    if (lost.aborted) {
      transcriber.abort();
      return "lost";
    }
    await transcriber.end();
    await database.update(liveSessions).set({ pending: "" }).where(eq(liveSessions.transcriptionId, transcriptionId));
    await announceChange(database, t.userId);
    return await ended();
  } catch (error) {
    transcriber?.abort();
    // Nothing more is written: no words still changing may land after "live stopped".
    abort.abort();
    pending.cancel();
    await writing.catch(() => {});
    if (lost.aborted) return "lost";
    // The worker is stopping (its engine may have been stopped with it): another takes over.
    if (stopping.aborted) return (await release(database, job)) ? "released" : "lost";
    log().error({ err: error }, "live transcription stopped");
    const ended = await database.transaction(async (tx) => {
      if (!(await fail(tx, job, `Live transcription stopped: ${(error as Error).message}`))) return "lost" as const;
      await liveStopped(tx, transcriptionId);
      return "failed" as const;
    });
    await announceChange(database, t.userId);
    return ended;
  } finally {
    pending.cancel();
    // A failed write was reported where it happened; the scratch directory goes whatever happened.
    await writing.catch(() => {});
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The live kind: one recording transcribed while it is made. Not retried (the recording goes
 * on and is transcribed in full when it stops); an operator cannot queue it again.
 */
export const liveJob = (options: { idleReleaseMs?: number; engine?: Engine } = {}) =>
  defineJob(liveKind, {
    run: (run) => runLive(run, options.idleReleaseMs ?? LIVE_IDLE_RELEASE_MS, options.engine),
    transient: () => false,
    reason: (error) => `Live transcription stopped: ${(error as Error).message}`,
    // Failed without running (its workers kept dying): the recording says it has no live text.
    onFailed: async (tx, job) => {
      if (job.transcriptionId) await liveStopped(tx, job.transcriptionId);
    },
  });
