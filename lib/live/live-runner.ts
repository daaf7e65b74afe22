import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { queryRows, type Database } from "@/lib/db/client";
import { jobs, liveChunks, liveSessions, liveUtterances, transcriptions } from "@/lib/db/schema";
import { heldBy, renewLease, type ClaimedJob } from "@/lib/jobs/job-queue";
import { pause } from "@/lib/process/pause";
import { announceChange } from "@/lib/transcription/change-feed";
import type { Engine, EngineSegment, LiveTranscriber } from "@/lib/transcription/engines/types";
import { LIVE_IDLE_RELEASE_MS, releaseIdleSlot, resumedFrom } from "./live-slot";
import { LIVE_CHUNK_MS } from "./pcm-chunks";

/** How often an idle session looks for new chunks. */
const POLL_MS = 100;
/** How often it reads whether the recording was stopped, while no chunk comes. */
const SESSION_CHECK_MS = 1000;
/** A missing chunk is waited for this long (the browser resends it), then skipped. */
const GAP_WAIT_MS = 5000;
/** Pending text is written at most this often. */
const PENDING_EVERY_MS = 300;

export type LiveOutcome = "done" | "gone" | "lost" | "failed" | "released" | "idle";

interface LiveRunOptions {
  workerId: string;
  leaseMs: number;
  engine: Engine;
  /** the worker is stopping: the session goes back to the queue for another worker */
  stopping: AbortSignal;
  /** no audio for this long gives the slot back (LIVE_IDLE_RELEASE_MS unless given) */
  idleReleaseMs?: number;
}

/**
 * A worker transcribes one recording live: the chunks, in order, as they arrive, into the
 * engine's live transcriber; each utterance it reports is stored and announced to the
 * user's open streams at once. Ends when the recording has stopped and every chunk is
 * heard, or gives its slot back when no audio came for a while (the next chunk asks for one
 * again). A worker that dies stops renewing the lease; the next one resumes after the last
 * stored utterance.
 */
export async function runLiveJob(database: Database, job: ClaimedJob, options: LiveRunOptions): Promise<LiveOutcome> {
  const transcriptionId = job.transcriptionId;
  const [t] = transcriptionId ? await database.select().from(transcriptions).where(eq(transcriptions.id, transcriptionId)) : [];
  if (!t || !transcriptionId) {
    await database.delete(jobs).where(heldBy(job, options.workerId));
    return "gone";
  }
  const [last] = await database
    .select({ idx: liveUtterances.idx, endMs: liveUtterances.endMs })
    .from(liveUtterances)
    .where(eq(liveUtterances.transcriptionId, transcriptionId))
    .orderBy(desc(liveUtterances.idx))
    .limit(1);
  // Resumed by another worker: from the chunk where the last stored utterance ended; after a
  // pause that gave the slot back, from the chunk the engine had heard up to.
  let next = Math.max(resumedFrom(job.payload), last ? Math.floor(last.endMs / LIVE_CHUNK_MS) : 0);
  let idx = last ? last.idx + 1 : 0;

  const abort = new AbortController();
  const stop = AbortSignal.any([abort.signal, options.stopping]);
  let lease: ReturnType<typeof setInterval> | undefined;
  let workDir: string | undefined;
  let transcriber: LiveTranscriber | undefined;
  let pendingAt = 0;
  let sessionGone = false;
  const onUtterance = async (u: EngineSegment) => {
    if (stop.aborted || !u.text.trim()) return;
    // Only while the recording's session is there: a discarded recording, or one whose full
    // transcript is stored, takes no more live text. The key-share lock waits for a discard
    // that is counting the seconds shown, so no text appears after it counted.
    const stored = await queryRows(
      database,
      sql`insert into live_utterances (transcription_id, idx, start_ms, end_ms, text, words, confidence)
          select ${transcriptionId}, ${idx}, ${u.startMs}, ${u.endMs}, ${u.text}, ${u.words ? JSON.stringify(u.words) : null}::jsonb, ${u.confidence ?? null}
           where exists (select 1 from live_sessions where transcription_id = ${transcriptionId} for key share)
          on conflict do nothing
          returning idx`,
    );
    if (!stored.length) {
      sessionGone = true;
      return abort.abort();
    }
    idx++;
    await announceChange(database, t.userId);
  };
  const onPending = (text: string) => {
    if (stop.aborted || (text && Date.now() - pendingAt < PENDING_EVERY_MS)) return;
    pendingAt = Date.now();
    // Words still changing are shown too: they cover at most the audio the engine has taken.
    const shown = text ? { shownMs: sql`greatest(${liveSessions.shownMs}, ${next * LIVE_CHUNK_MS})` } : {};
    void database
      .update(liveSessions)
      .set({ pending: text, ...shown })
      .where(eq(liveSessions.transcriptionId, transcriptionId))
      .then(() => announceChange(database, t.userId))
      .catch(() => {});
  };
  try {
    lease = setInterval(() => {
      void renewLease(database, job, options.workerId, options.leaseMs)
        .then((mine) => mine || abort.abort())
        .catch(() => {});
    }, Math.max(250, options.leaseMs / 3));
    const dir = await mkdtemp(path.join(os.tmpdir(), "verbatim-live-"));
    workDir = dir;
    const listen = () => options.engine.live({ language: t.language, offsetMs: next * LIVE_CHUNK_MS, workDir: dir, onUtterance, onPending });
    transcriber = listen();
    const idleReleaseMs = options.idleReleaseMs ?? LIVE_IDLE_RELEASE_MS;
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
          next = row.seq;
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
          await database.delete(jobs).where(heldBy(job, options.workerId));
          return "gone";
        }
        stopped = session.stoppedAt !== null;
        if (stopped && !rows.length) break;
        if (!stopped && !rows.length && Date.now() - fedAt >= idleReleaseMs) {
          // Nothing for a while: the words before the pause are reported, then the slot goes.
          await transcriber.end();
          if (stop.aborted) break;
          const released = await releaseIdleSlot(database, job, options.workerId, transcriptionId, next);
          if (released === "released") {
            await announceChange(database, t.userId);
            return "idle";
          }
          if (released === "lost") return "lost";
          // A chunk came meanwhile: a new engine session goes on from here.
          transcriber = listen();
          fedAt = Date.now();
        }
      }
      await pause(POLL_MS, stop);
    }
    if (options.stopping.aborted && !abort.signal.aborted) {
      transcriber.abort();
      // Another worker takes it over at once, from the last stored utterance.
      await database
        .update(jobs)
        .set({ status: "queued", lockedBy: null, lockedUntil: null, runAfter: sql`now()` })
        .where(heldBy(job, options.workerId));
      return "released";
    }
    if (sessionGone) {
      transcriber.abort();
      await database.delete(jobs).where(heldBy(job, options.workerId));
      return "gone";
    }
    if (abort.signal.aborted) {
      transcriber.abort();
      return "lost";
    }
    await transcriber.end();
    await database.update(liveSessions).set({ pending: "" }).where(eq(liveSessions.transcriptionId, transcriptionId));
    await announceChange(database, t.userId);
    const ended = await database.delete(jobs).where(heldBy(job, options.workerId)).returning({ id: jobs.id });
    return ended.length ? "done" : "lost";
  } catch (error) {
    transcriber?.abort();
    console.error(`[live] ${transcriptionId} stopped:`, error);
    // The recording goes on (its audio is stored); it is transcribed in full when it stops.
    await database
      .update(liveSessions)
      .set({
        live: false,
        pending: "",
        notLiveReason: "Live transcription stopped on the server. Your recording is still saved and is transcribed when you stop.",
      })
      .where(eq(liveSessions.transcriptionId, transcriptionId));
    await announceChange(database, t.userId);
    await database.delete(jobs).where(heldBy(job, options.workerId));
    return "failed";
  } finally {
    clearInterval(lease);
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }
}
