import { realignSegments } from "@/lib/text/word-alignment";
import { renderExport } from "@/lib/exports/render";
import { formatBasic } from "@/lib/formatting/basic";

/**
 * The CPU-heavy work a request may need, run in a worker thread (see off-thread.ts) so it
 * never holds up other requests. Each task takes and returns structured-clonable values.
 */
export const TASKS = {
  realignSegments,
  renderExport: (input: Parameters<typeof renderExport>) => renderExport(...input),
  formatBasic: (input: Parameters<typeof formatBasic>) => formatBasic(...input),
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<K extends TaskName> = Parameters<(typeof TASKS)[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<(typeof TASKS)[K]>>;
