"use client";

import { useCallback, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { wordsBefore } from "@/lib/editor/segment-structure";
import { emptyHistory, forgetSegments, record as recordStep, redo, undo, type HistoryAction, type HistoryStep, type SegmentState, type UndoHistory } from "@/lib/editor/undo-history";
import type { ApiSegment, EditableSegment } from "@/lib/api/contract/transcription";
import { caretOffsetAt } from "./caret";
import { editableOf } from "./editable-segment";
import type { EditCommand } from "./edit-keys";
import type { SavedSegment, SegmentChange, StructureChange } from "./use-segment-saver";

export const stateOf = (s: ApiSegment, position: number): SegmentState => ({ position, text: s.text, speaker: s.speaker });

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const normalized = (text: string) => text.replace(/\s+/g, " ").trim();

interface Options {
  /** the transcript as last written, shared with the editor (state lags a render behind) */
  segmentsRef: RefObject<EditableSegment[]>;
  setSegments: Dispatch<SetStateAction<EditableSegment[]>>;
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
export function useDocumentEditing({ segmentsRef, setSegments, queue, flush, restructure: send, list, onSpeakerEdited, onRestructured }: Options) {
  const [editing, setEditing] = useState<number | null>(null);
  // Where the cursor goes in the opened text; `to`: the end of a stretch selected from there (a word under review).
  const [opening, setOpening] = useState<{ at?: number; to?: number }>({});
  const editStart = useRef<SegmentState | null>(null);
  const [history, setHistoryState] = useState<UndoHistory>(emptyHistory);
  // The keys' handlers are memoised with the rows; they read the history and segments from here.
  const historyRef = useRef(history);
  const setHistory = useCallback((next: UndoHistory) => {
    historyRef.current = next;
    setHistoryState(next);
  }, []);
  const record = useCallback((step: HistoryStep) => setHistory(recordStep(historyRef.current, step)), [setHistory]);

  // Set while a split or merge is on its way: positions are about to shift, so nothing may be
  // edited, queued or recorded against the old ones until the server's segments arrive.
  const restructuring = useRef(false);

  const startEdit = useCallback((position: number, at?: number, to?: number) => {
    if (restructuring.current) return;
    editStart.current = stateOf(segmentsRef.current[position], position);
    setOpening({ at, to });
    setEditing(position);
  }, [segmentsRef, ]);

  /** Ends an edit session: one undo step per session, and the save goes out now. */
  const stopEdit = useCallback(
    (position: number) => {
      setEditing((e) => (e === position ? null : e));
      const before = editStart.current;
      // A late blur of a segment already left must not end the session of the one now open.
      if (!before || before.position !== position) return;
      const after = stateOf(segmentsRef.current[position], position);
      if (before.text !== after.text) record({ before: [before], after: [after] });
      editStart.current = null;
      void flush();
    },
    [segmentsRef, flush, record],
  );

  /** Writes segment states (an undo, a replace, a speaker) and queues their saves (unless the server has them already). */
  const applyStates = useCallback(
    (states: SegmentState[], save = true) => {
      const current = segmentsRef.current;
      for (const s of states) if (s.speaker !== current[s.position]?.speaker) onSpeakerEdited(s.position);
      const next = current.map((s, i) => {
        const state = states.find((x) => x.position === i);
        return state ? { ...s, text: state.text, speaker: state.speaker } : s;
      });
      segmentsRef.current = next;
      setSegments(next);
      if (save) for (const s of states) queue(s.position, { text: s.text, speaker: s.speaker });
      // The open segment's session now starts from what was written into it.
      const open = editStart.current;
      const written = open && states.find((s) => s.position === open.position);
      if (written) editStart.current = written;
    },
    [segmentsRef, onSpeakerEdited, queue, setSegments],
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
    async (change: StructureChange): Promise<EditableSegment[] | null> => {
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
        const made = saved.map(editableOf);
        const current = segmentsRef.current;
        const next = [...current.slice(0, change.position), ...made, ...current.slice(change.position + (change.action === "split" ? 1 : 2))];
        segmentsRef.current = next;
        setSegments(next);
        onRestructured();
        return next;
      } finally {
        restructuring.current = false;
      }
    },
    [segmentsRef, onRestructured, send, setSegments, startEdit, stopEdit],
  );

  const split = useCallback(
    async (position: number, word: number) => {
      if (!(await restructure({ action: "split", position, word }))) return;
      record({ kind: "split", position, word });
      startEdit(position + 1, 0);
    },
    [record, restructure, startEdit],
  );

  /** Joins `position` with the next; typing goes on where the texts meet, or `null`: the text stays closed (the Merge button). */
  const merge = useCallback(
    async (position: number, cursor: "end-of-first" | "start-of-second" | null) => {
      const [a, b] = [segmentsRef.current[position], segmentsRef.current[position + 1]];
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
    [segmentsRef, record, restructure, setHistory, startEdit],
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
        const now = stateOf(segmentsRef.current[open], open);
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
    [segmentsRef, applyStates, perform, record, setHistory],
  );

  /** Opens `target` for typing with the cursor at `at`: a place in its text, or a point on screen above or below it. */
  const moveTo = useCallback(
    (from: number, target: number, at: "start" | "end" | { x: number }, fromAbove: boolean) => {
      const segment = segmentsRef.current[target];
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
    [segmentsRef, list, startEdit, stopEdit],
  );

  const onCommand = useCallback(
    (position: number, command: EditCommand) => {
      const count = segmentsRef.current.length;
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
          const text = segmentsRef.current[position]?.text ?? "";
          const word = wordsBefore(text, command.caret);
          if (word >= 1 && word < wordCount(text)) return void split(position, word);
          // Enter after the last word goes on to the next segment, as a new line would.
          if (word >= 1 && position + 1 < count) return moveTo(position, position + 1, "start", true);
        }
      }
    },
    [segmentsRef, merge, moveTo, split, step, stopEdit],
  );

  /** Whether the user has typed in the open segment at `position` since opening it (others' edits of it wait). */
  const isChanging = useCallback((position: number) => {
    const open = editStart.current;
    return open?.position === position && open.text !== segmentsRef.current[position]?.text;
  }, [segmentsRef, ]);

  /** Others' saved edits, written into the segments at `positions` (`next` is the transcript now); the history forgets those segments. */
  const takeRemote = useCallback(
    (next: EditableSegment[], positions: number[]) => {
      segmentsRef.current = next;
      setSegments(next);
      setHistory(forgetSegments(historyRef.current, positions));
      // The open segment, if unchanged, now starts from their text.
      const open = editStart.current;
      if (open && positions.includes(open.position)) editStart.current = stateOf(next[open.position], open.position);
    },
    [segmentsRef, setHistory, setSegments],
  );

  /** Another's split or merge (`next` is the transcript now): the open segment stays open where it moved; the history, naming old positions, starts afresh. */
  const remap = useCallback(
    (next: EditableSegment[], to: (position: number) => number | null) => {
      segmentsRef.current = next;
      setSegments(next);
      const open = editStart.current;
      const moved = open ? to(open.position) : null;
      editStart.current = open && moved !== null ? { ...open, position: moved } : null;
      setEditing((e) => (e === null ? null : to(e)));
      setHistory(emptyHistory());
    },
    [segmentsRef, setHistory, setSegments],
  );

  return { editing, caret: opening.at, selectTo: opening.to, history, startEdit, stopEdit, edit, saved, step, onCommand, isChanging, takeRemote, remap };
}
