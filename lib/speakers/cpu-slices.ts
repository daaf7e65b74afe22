import { afterPendingIo } from "@/lib/process/event-loop-turn";

/** Longest stretch of computing between two turns of the event loop. */
const SLICE_MS = 20;

const speakerDetectionCanceled = () => new DOMException("Speaker detection canceled", "AbortError");

/**
 * A checkpoint for long CPU work in a process that does other things meanwhile (a worker's
 * other lanes, its lease renewals): awaiting it lets the event loop go through a poll for I/O
 * once `SLICE_MS` have passed since the last time, and throws the AbortError when `signal` has
 * aborted. Cheap enough to call every few hundred operations.
 */
export function cpuSlices(signal?: AbortSignal): () => Promise<void> {
  let sliceStarted = performance.now();
  return async () => {
    if (performance.now() - sliceStarted >= SLICE_MS) {
      await afterPendingIo();
      sliceStarted = performance.now();
    }
    if (signal?.aborted) throw speakerDetectionCanceled();
  };
}
