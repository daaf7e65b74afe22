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
 * Pieces of one file run at once: TRANSCRIBE_PARALLEL, else as many engine processes as
 * the cores hold. More would only make each slower, and the first piece later.
 */
export function piecesAtOnce(threadsPerProcess: number): number {
  return env().TRANSCRIBE_PARALLEL ?? Math.max(1, Math.floor(machineCores() / Math.max(1, threadsPerProcess)));
}
