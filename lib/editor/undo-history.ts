export interface SegmentState {
  position: number;
  text: string;
  speaker: string | null;
}

/** One user edit: the touched segments before and after (a replace-all touches many). */
export interface EditStep {
  before: SegmentState[];
  after: SegmentState[];
}

export interface UndoHistory {
  done: EditStep[];
  undone: EditStep[];
}

const LIMIT = 200;

export const emptyHistory = (): UndoHistory => ({ done: [], undone: [] });

export function record(history: UndoHistory, step: EditStep): UndoHistory {
  return { done: [...history.done, step].slice(-LIMIT), undone: [] };
}

/** The states to write back, and the history after; null when there is nothing to undo. */
export function undo(history: UndoHistory): { apply: SegmentState[]; history: UndoHistory } | null {
  const step = history.done.at(-1);
  if (!step) return null;
  return { apply: step.before, history: { done: history.done.slice(0, -1), undone: [...history.undone, step] } };
}

export function redo(history: UndoHistory): { apply: SegmentState[]; history: UndoHistory } | null {
  const step = history.undone.at(-1);
  if (!step) return null;
  return { apply: step.after, history: { done: [...history.done, step], undone: history.undone.slice(0, -1) } };
}
