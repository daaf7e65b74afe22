"use client";

import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { wordsBefore } from "@/lib/editor/segment-structure";
import { emptyHistory, record as recordStep, redo, undo, type HistoryAction, type HistoryStep, type SegmentState, type UndoHistory } from "@/lib/editor/undo-history";
import type { ApiSegment } from "@/lib/api/contract/transcription";
import { caretOffsetAt } from "./caret";
import type { EditCommand } from "./edit-keys";
import type { SavedSegment, SegmentChange, StructureChange } from "./use-segment-saver";

export const stateOf = (s: ApiSegment, position: number): SegmentState => ({ position, text: s.text, speaker: s.speaker });

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const normalized = (text: string) => text.replace(/\s+/g, " ").trim();

interface Options {
  segments: ApiSegment[];
  setSegments: Dispatch<SetStateAction<ApiSegment[]>>;
  queue(position: number, change: SegmentChange): void;
  flush(): Promise<void>;
  restructure(change: StructureChange): Promise<SavedSegment[] | null>;
  /** the list of segment rows, to place the cursor in the row the arrows move to */
  list: RefObject<HTMLOListElement | null>;
  /** a segment's speaker changed (the editor re-reads the detected speakers once it is saved) */
  onSpeakerEdited(position: number): void;
  /** the segments were split or merged: a formatted version is out of date */
  onRestructured(): void;
}

/**
 * The transcript as one document: which segment is open for typing and where its cursor goes,
 * one undo history for text, speakers, splits and merges, and the keys that move across
 * segments. Saving stays per segment (the saver), so a conflict is still caught per save.
 */
export function useDocumentEditing({ segments, setSegments, queue, flush, restructure: send, list, onSpeakerEdited, onRestructured }: Options) {
  const [editing, setEditing] = useState<number | null>(null);
  const [caret, setCaret] = useState<number | undefined>(undefined);
  const editStart = useRef<SegmentState | null>(null);
  const [history, setHistoryState] = useState<UndoHistory>(emptyHistory);
  // The keys' handlers are memoised with the rows; they read the history and segments from here.
  const historyRef = useRef(history);
  const setHistory = useCallback((next: UndoHistory) => {
    historyRef.current = next;
    setHistoryState(next);
  }, []);
  const record = useCallback((step: HistoryStep) => setHistory(recordStep(historyRef.current, step)), [setHistory]);
  // Also written by the changes below, so a key pressed before the next render sees them.
  const latest = useRef(segments);
  useEffect(() => {
    latest.current = segments;
  }, [segments]);

  // Set while a split or merge is on its way: positions are about to shift, so nothing may be
  // edited, queued or recorded against the old ones until the server's segments arrive.
  const restructuring = useRef(false);

  const startEdit = useCallback((position: number, at?: number) => {
    if (restructuring.current) return;
    editStart.current = stateOf(latest.current[position], position);
    setCaret(at);
    setEditing(position);
  }, []);

  /** Ends an edit session: one undo step per session, and the save goes out now. */
  const stopEdit = useCallback(
    (position: number) => {
      setEditing((e) => (e === position ? null : e));
      const before = editStart.current;
      // A late blur of a segment already left must not end the session of the one now open.
      if (!before || before.position !== position) return;
      const after = stateOf(latest.current[position], position);
      if (before.text !== after.text) record({ before: [before], after: [after] });
      editStart.current = null;
      void flush();
    },
    [flush, record],
  );

  /** Writes segment states (an undo, a replace, a speaker) and queues their saves (unless the server has them already). */
  const applyStates = useCallback(
    (states: SegmentState[], save = true) => {
      const current = latest.current;
      for (const s of states) if (s.speaker !== current[s.position]?.speaker) onSpeakerEdited(s.position);
      const next = current.map((s, i) => {
        const state = states.find((x) => x.position === i);
        return state ? { ...s, text: state.text, speaker: state.speaker } : s;
      });
      latest.current = next;
      setSegments(next);
      if (save) for (const s of states) queue(s.position, { text: s.text, speaker: s.speaker });
      // The open segment's session now starts from what was written into it.
      const open = editStart.current;
      const written = open && states.find((s) => s.position === open.position);
      if (written) editStart.current = written;
    },
    [onSpeakerEdited, queue, setSegments],
  );

  const edit = useCallback(
    (before: SegmentState[], after: SegmentState[]) => {
      if (!after.length || restructuring.current) return;
      record({ before, after });
      applyStates(after);
    },
    [applyStates, record],
  );

  /** A change the server has already saved (speakers renamed in one request): one undo step, nothing to send. */
  const saved = useCallback(
    (before: SegmentState[], after: SegmentState[]) => {
      if (!after.length) return;
      record({ before, after });
      applyStates(after, false);
    },
    [applyStates, record],
  );

  /** Splits or merges; every segment afterwards on success, null when it did not happen (the save status says why). */
  const restructure = useCallback(
    async (change: StructureChange): Promise<ApiSegment[] | null> => {
      // One at a time: a double Enter must not send a second based on the same version.
      if (restructuring.current) return null;
      const open = editStart.current?.position;
      const area = document.activeElement;
      const cursor = area instanceof HTMLTextAreaElement ? area.selectionStart : undefined;
      if (open !== undefined) stopEdit(open);
      restructuring.current = true;
      setEditing(null);
      try {
        const saved = await send(change);
        if (!saved) {
          // Refused (or not sent): typing goes on where it was.
          restructuring.current = false;
          if (open !== undefined) startEdit(open, cursor);
          return null;
        }
        // The server answers only the segments the edit made; the ones after them move by one.
        const made = saved.map((s) => ({ start_ms: s.start_ms, end_ms: s.end_ms, text: s.text, words: s.words, confidence: s.confidence, speaker: s.speaker }));
        const current = latest.current;
        const next = [...current.slice(0, change.position), ...made, ...current.slice(change.position + (change.action === "split" ? 1 : 2))];
        latest.current = next;
        setSegments(next);
        onRestructured();
        return next;
      } finally {
        restructuring.current = false;
      }
    },
    [onRestructured, send, setSegments, startEdit, stopEdit],
  );

  const split = useCallback(
    async (position: number, word: number) => {
      if (!(await restructure({ action: "split", position, word }))) return;
      record({ kind: "split", position, word });
      startEdit(position + 1, 0);
    },
    [record, restructure, startEdit],
  );

  /**
   * Joins `position` with the next. Typing goes on where the two texts meet (before or after the
   * joining space); `null` leaves the text closed (the Merge button).
   */
  const merge = useCallback(
    async (position: number, cursor: "end-of-first" | "start-of-second" | null) => {
      const [a, b] = [latest.current[position], latest.current[position + 1]];
      if (!a || !b) return;
      const step: HistoryStep = { kind: "merge", position, word: wordCount(a.text), speakers: [a.speaker, b.speaker] };
      const saved = await restructure({ action: "merge", position });
      if (!saved) return;
      // Joining an empty segment cannot be undone by a split (there is no word to cut before), and
      // the steps before it point at positions that no longer exist: the history starts afresh.
      if (step.word === 0 || wordCount(b.text) === 0) setHistory(emptyHistory());
      else record(step);
      if (!cursor) return;
      const text = saved[position]?.text ?? "";
      startEdit(position, cursor === "end-of-first" ? normalized(a.text).length : Math.max(0, text.length - normalized(b.text).length));
    },
    [record, restructure, setHistory, startEdit],
  );

  const perform = useCallback(
    async (action: Exclude<HistoryAction, { kind: "apply" }>): Promise<boolean> => {
      if (action.kind === "merge") return (await restructure({ action: "merge", position: action.position })) !== null;
      const saved = await restructure({ action: "split", position: action.position, word: action.word });
      if (!saved) return false;
      const speakers = action.speakers;
      if (speakers) {
        const parts = [action.position, action.position + 1].map((p, i) => ({ position: p, text: saved[p].text, speaker: speakers[i] }));
        const changed = parts.filter((p) => p.speaker !== saved[p.position].speaker);
        if (changed.length) applyStates(changed);
      }
      return true;
    },
    [applyStates, restructure],
  );

  /** Undo or redo: the history moves only once the change is made (a refused split leaves it as it was). */
  const step = useCallback(
    async (direction: "undo" | "redo") => {
      if (restructuring.current) return;
      const open = editStart.current?.position;
      // What was typed in the open segment is a step of its own, undone first.
      if (open !== undefined) {
        const before = editStart.current;
        const now = stateOf(latest.current[open], open);
        if (before && before.text !== now.text) {
          record({ before: [before], after: [now] });
          editStart.current = now;
        }
      }
      const result = (direction === "undo" ? undo : redo)(historyRef.current);
      if (!result) return;
      // Text is written at once, so a second Ctrl+Z right after sees the history already moved.
      if (result.action.kind === "apply") {
        applyStates(result.action.states);
        setHistory(result.history);
      } else if (await perform(result.action)) setHistory(result.history);
    },
    [applyStates, perform, record, setHistory],
  );

  /** Opens `target` for typing with the cursor at `at`: a place in its text, or a point on screen above or below it. */
  const moveTo = useCallback(
    (from: number, target: number, at: "start" | "end" | { x: number }, fromAbove: boolean) => {
      const segment = latest.current[target];
      if (!segment) return;
      let offset = at === "start" ? 0 : segment.text.length;
      if (typeof at === "object") {
        const text = list.current?.children[target]?.querySelector<HTMLElement>("[data-testid='segment-text']");
        const box = text?.getBoundingClientRect();
        const y = box && (fromAbove ? box.top + 4 : box.bottom - 4);
        const under = text && y !== undefined ? caretOffsetAt(text, at.x, y) : null;
        offset = under ?? (fromAbove ? 0 : segment.text.length);
      }
      stopEdit(from);
      startEdit(target, offset);
    },
    [list, startEdit, stopEdit],
  );

  const onCommand = useCallback(
    (position: number, command: EditCommand) => {
      const count = latest.current.length;
      switch (command.kind) {
        case "close": return stopEdit(position);
        case "undo": case "redo": return void step(command.kind);
        case "join":
          if (command.with === "previous") return void merge(position - 1, command.typing ? "start-of-second" : null);
          return void merge(position, command.typing ? "end-of-first" : null);
        case "move": {
          const target = { previous: position - 1, next: position + 1, first: 0, last: count - 1 }[command.to];
          if (target < 0 || target >= count || target === position) return;
          return moveTo(position, target, command.caret, target > position);
        }
        case "split": {
          const text = latest.current[position]?.text ?? "";
          const word = wordsBefore(text, command.caret);
          if (word >= 1 && word < wordCount(text)) return void split(position, word);
          // Enter after the last word goes on to the next segment, as a new line would.
          if (word >= 1 && position + 1 < count) return moveTo(position, position + 1, "start", true);
        }
      }
    },
    [merge, moveTo, split, step, stopEdit],
  );

  return { editing, caret, history, startEdit, stopEdit, edit, saved, step, onCommand };
}
