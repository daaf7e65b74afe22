import { afterPendingIo } from "@/lib/process/event-loop-turn";

/**
 * Segments on their way to a worker thread with their word timings as one JSON string each.
 * Cloning tens of thousands of small word objects in postMessage is one synchronous step on
 * the server's thread (about 65 ms for a 10-hour transcript here); strings clone as a copy,
 * and the JSON is written a few hundred segments at a time, letting other requests in between.
 */
export type PackedWords<S extends { words: unknown }> = Omit<S, "words"> & { words: string | null };

const SEGMENTS_PER_TURN = 300;

export async function packWords<S extends { words: unknown }>(segments: readonly S[]): Promise<PackedWords<S>[]> {
  const packed: PackedWords<S>[] = [];
  for (let i = 0; i < segments.length; i++) {
    if (i > 0 && i % SEGMENTS_PER_TURN === 0) await afterPendingIo();
    const { words, ...rest } = segments[i];
    packed.push({ ...rest, words: words === null || words === undefined ? null : JSON.stringify(words) });
  }
  return packed;
}

/** In the worker thread: the segments as they were. */
export function unpackWords<S extends { words: unknown }>(packed: readonly PackedWords<S>[]): S[] {
  return packed.map(({ words, ...rest }) => ({ ...rest, words: words === null ? null : JSON.parse(words) }) as S);
}
