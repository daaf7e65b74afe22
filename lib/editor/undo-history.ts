export interface SegmentState {
  position: number;
  text: string;
  speaker: string | null;
}

/** Records a change as one step of the history (and saves it): the segments before and after. */
export type Edit = (before: SegmentState[], after: SegmentState[]) => void;

/** Segments' text or speaker changed: the touched segments before and after (a replace-all touches many). */
interface EditStep {
  kind?: "edit";
  before: SegmentState[];
  after: SegmentState[];
}

/** A segment cut before its word `word`; undone by merging it with the next again. */
interface SplitStep {
  kind: "split";
  position: number;
  word: number;
}

/**
 * A segment joined with the next; undone by cutting it again after the first one's `word`
 * words and giving each part back its own speaker (a merge keeps only one).
 */
interface MergeStep {
  kind: "merge";
  position: number;
  word: number;
  speakers: [string | null, string | null];
}

export type HistoryStep = EditStep | SplitStep | MergeStep;

/**
 * What the editor does to undo or redo a step. Positions stay right because steps are undone
 * in the reverse order they were done: each one sees the segments as they were after it.
 */
export type HistoryAction =
  | { kind: "apply"; states: SegmentState[] }
  | { kind: "split"; position: number; word: number; speakers?: [string | null, string | null] }
  | { kind: "merge"; position: number };

export interface UndoHistory {
  done: HistoryStep[];
  undone: HistoryStep[];
}

const LIMIT = 200;

export const emptyHistory = (): UndoHistory => ({ done: [], undone: [] });

export function record(history: UndoHistory, step: HistoryStep): UndoHistory {
  return { done: [...history.done, step].slice(-LIMIT), undone: [] };
}

function undoing(step: HistoryStep): HistoryAction {
  switch (step.kind) {
    case "split": return { kind: "merge", position: step.position };
    case "merge": return { kind: "split", position: step.position, word: step.word, speakers: step.speakers };
    default: return { kind: "apply", states: step.before };
  }
}

function redoing(step: HistoryStep): HistoryAction {
  switch (step.kind) {
    case "split": return { kind: "split", position: step.position, word: step.word };
    case "merge": return { kind: "merge", position: step.position };
    default: return { kind: "apply", states: step.after };
  }
}

/**
 * The action that undoes the last step, and the history once it is done (the caller keeps the
 * old history when the action fails, e.g. a split the server refused); null when there is nothing to undo.
 */
export function undo(history: UndoHistory): { action: HistoryAction; history: UndoHistory } | null {
  const step = history.done.at(-1);
  if (!step) return null;
  return { action: undoing(step), history: { done: history.done.slice(0, -1), undone: [...history.undone, step] } };
}

export function redo(history: UndoHistory): { action: HistoryAction; history: UndoHistory } | null {
  const step = history.undone.at(-1);
  if (!step) return null;
  return { action: redoing(step), history: { done: [...history.done, step], undone: history.undone.slice(0, -1) } };
}

/**
 * The history without the segments at `positions`, which others changed: undoing an earlier
 * step there would put back text they replaced. Splits and merges stay (they name positions, not texts).
 */
export function forgetSegments(history: UndoHistory, positions: readonly number[]): UndoHistory {
  const keep = (steps: HistoryStep[]) =>
    steps.flatMap((step): HistoryStep[] => {
      if (step.kind === "split" || step.kind === "merge") return [step];
      const before = step.before.filter((s) => !positions.includes(s.position));
      return before.length ? [{ before, after: step.after.filter((s) => !positions.includes(s.position)) }] : [];
    });
  return { done: keep(history.done), undone: keep(history.undone) };
}
