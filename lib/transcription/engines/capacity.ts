import os from "node:os";
import { env } from "@/lib/env";

function machineCores(): number {
  return Math.max(1, os.availableParallelism());
}

/** Threads one whisper process uses: WHISPER_THREADS, else the cores (whisper.cpp gains little past 4). */
export function whisperThreads(): number {
  return env().WHISPER_THREADS ?? Math.min(4, machineCores());
}

/**
 * Of the machine's cores, the share live recordings may take: the rest serves pages, the
 * database and the chunks' requests. Measured with bench:live on 2 cores (PostgreSQL and the
 * clients on the same machine): 3 PocketSphinx recordings (1.1 cores) kept each word's delay
 * near one recording's, 4 (1.7 cores) doubled the slowest.
 */
const LIVE_SHARE = 0.7;
/** However light an engine, a worker holds at most this many live recordings per core (each holds a process and a database poll). */
const MAX_LIVE_PER_CORE = 8;

/**
 * Live recordings one worker transcribes at once: LIVE_SESSIONS_PER_WORKER, else as many as
 * the engine's measured cost per recording fits in 70 % of the cores (PocketSphinx: 3 on 2
 * cores, 6 on 4), at least one.
 */
export function liveSessionsAtOnce(engine: { liveCores(): number }): number {
  const cores = machineCores();
  const fit = Math.floor((cores * LIVE_SHARE) / Math.max(engine.liveCores(), 0.01));
  return env().LIVE_SESSIONS_PER_WORKER ?? Math.max(1, Math.min(fit, cores * MAX_LIVE_PER_CORE));
}

/**
 * Pieces of one file run at once: TRANSCRIBE_PARALLEL, else as many engine processes as
 * the cores hold. More would only make each slower, and the first piece later.
 */
export function piecesAtOnce(threadsPerProcess: number): number {
  return env().TRANSCRIBE_PARALLEL ?? Math.max(1, Math.floor(machineCores() / Math.max(1, threadsPerProcess)));
}
