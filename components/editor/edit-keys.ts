import { caretOnEdgeLine, caretPoint } from "./caret";

/** What a key pressed while typing in a segment asks the transcript to do, beyond the segment's own text. */
export type EditCommand =
  | { kind: "move"; to: "previous" | "next"; caret: "start" | "end" | { x: number } }
  | { kind: "move"; to: "first" | "last"; caret: "start" | "end" }
  | { kind: "split"; caret: number }
  /** `typing`: the joined text stays open for typing (a key), or not (the Merge button) */
  | { kind: "join"; with: "previous" | "next"; typing: boolean }
  | { kind: "undo" }
  | { kind: "redo" }
  | { kind: "close" };

interface Key {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** an input method is composing a character: its keys are its own */
  isComposing?: boolean;
}

/**
 * The transcript reads as one document: the arrows leave a segment at its edges, Enter splits
 * it at the cursor, Backspace at its start and Delete at its end join it with its neighbour, and
 * Ctrl+Z undoes in the transcript's one history (splits and merges too). Null leaves the key to
 * the text field.
 */
export function editCommandFor(e: Key, area: HTMLTextAreaElement, where: { first: boolean; last: boolean }): EditCommand | null {
  if (e.isComposing) return null;
  const mod = e.ctrlKey || e.metaKey;
  const plain = !mod && !e.altKey && !e.shiftKey;
  const start = area.selectionStart;
  const collapsed = start === area.selectionEnd;
  const atStart = collapsed && start === 0;
  const atEnd = collapsed && start === area.value.length;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (key === "Escape") return { kind: "close" };
  if (mod && !e.altKey && key === "z") return { kind: e.shiftKey ? "redo" : "undo" };
  if (mod && !e.altKey && !e.shiftKey && key === "y") return { kind: "redo" };
  // Alt+Enter was the split key before Enter was; both split.
  if (key === "Enter" && !mod && !e.shiftKey) return { kind: "split", caret: start };
  if (key === "Backspace" && plain && atStart && !where.first) return { kind: "join", with: "previous", typing: true };
  if (key === "Delete" && plain && atEnd && !where.last) return { kind: "join", with: "next", typing: true };
  if (key === "ArrowLeft" && plain && atStart && !where.first) return { kind: "move", to: "previous", caret: "end" };
  if (key === "ArrowRight" && plain && atEnd && !where.last) return { kind: "move", to: "next", caret: "start" };
  if (key === "ArrowUp" && plain && collapsed && !where.first && caretOnEdgeLine(area, "first")) {
    return { kind: "move", to: "previous", caret: { x: caretPoint(area, start).x } };
  }
  if (key === "ArrowDown" && plain && collapsed && !where.last && caretOnEdgeLine(area, "last")) {
    return { kind: "move", to: "next", caret: { x: caretPoint(area, start).x } };
  }
  if (key === "Home" && mod && !e.shiftKey && !where.first) return { kind: "move", to: "first", caret: "start" };
  if (key === "End" && mod && !e.shiftKey && !where.last) return { kind: "move", to: "last", caret: "end" };
  return null;
}
