import { realignSegments } from "@/lib/text/word-alignment";
import { renderExport } from "@/lib/exports/render";
import { formatBasic, type BasicOptions } from "@/lib/formatting/basic";
import type { SegmentInput } from "@/lib/formatting/types";
import { unpackWords, type PackedWords } from "./packed-words";

/**
 * The CPU-heavy work a request may need, run in a worker thread (see off-thread.ts) so it
 * never holds up other requests. Each task takes and returns structured-clonable values.
 */
export const TASKS = {
  realignSegments,
  renderExport: (input: Parameters<typeof renderExport>) => renderExport(...input),
  formatBasic: ([segments, options]: [PackedWords<SegmentInput>[], BasicOptions]) => formatBasic(unpackWords(segments), options),
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<K extends TaskName> = Parameters<(typeof TASKS)[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<(typeof TASKS)[K]>>;
