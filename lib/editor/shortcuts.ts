export type ShortcutAction =
  | "play-pause"
  | "back-5"
  | "forward-5"
  | "previous-segment"
  | "next-segment"
  | "undo"
  | "redo"
  | "find"
  | "next-uncertain"
  | "previous-uncertain"
  | "help";

export interface Shortcut {
  action: ShortcutAction;
  keys: string;
  description: string;
  /** also fires while typing in a field (only combinations a text field has no use for) */
  whileTyping?: boolean;
}

/** One list drives both the key handler and the help dialog, so they cannot disagree. */
export const SHORTCUTS: readonly Shortcut[] = [
  { action: "play-pause", keys: "Space", description: "Play or pause" },
  { action: "play-pause", keys: "Ctrl + Space", description: "Play or pause, also while editing", whileTyping: true },
  { action: "back-5", keys: "←", description: "Back 5 seconds" },
  { action: "forward-5", keys: "→", description: "Forward 5 seconds" },
  { action: "previous-segment", keys: "↑", description: "Previous segment" },
  { action: "next-segment", keys: "↓", description: "Next segment" },
  { action: "undo", keys: "Ctrl/⌘ + Z", description: "Undo: text, speakers, splits and merges" },
  { action: "redo", keys: "Ctrl/⌘ + Shift + Z", description: "Redo" },
  { action: "find", keys: "Ctrl/⌘ + F", description: "Find and replace", whileTyping: true },
  { action: "next-uncertain", keys: "F8", description: "Next uncertain word (plays it in context)", whileTyping: true },
  { action: "previous-uncertain", keys: "Shift + F8", description: "Previous uncertain word", whileTyping: true },
  { action: "help", keys: "?", description: "Show these shortcuts" },
];

/** Keys while typing in a segment: the transcript reads as one document (handled in components/editor/edit-keys). */
export const TYPING_KEYS: readonly { keys: string; description: string }[] = [
  { keys: "Enter", description: "Split the segment at the cursor (after the last word: go to the next segment)" },
  { keys: "Backspace at the start", description: "Join the segment with the one before" },
  { keys: "Delete at the end", description: "Join the next segment into this one" },
  { keys: "← → ↑ ↓ at the edges", description: "Move into the segment before or after" },
  { keys: "Ctrl/⌘ + Home / End", description: "First / last segment" },
  { keys: "Ctrl/⌘ + Z", description: "Undo, also while typing" },
  { keys: "Escape", description: "Stop typing" },
];

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

function matches(action: ShortcutAction, e: KeyPress): { hit: boolean; whileTyping: boolean } {
  const mod = e.ctrlKey || e.metaKey;
  const plain = !mod && !e.altKey;
  switch (action) {
    case "play-pause":
      if (e.key === " " && e.ctrlKey && !e.altKey) return { hit: true, whileTyping: true };
      return { hit: e.key === " " && plain && !e.shiftKey, whileTyping: false };
    case "back-5":
      return { hit: e.key === "ArrowLeft" && plain, whileTyping: false };
    case "forward-5":
      return { hit: e.key === "ArrowRight" && plain, whileTyping: false };
    case "previous-segment":
      return { hit: e.key === "ArrowUp" && plain, whileTyping: false };
    case "next-segment":
      return { hit: e.key === "ArrowDown" && plain, whileTyping: false };
    case "undo":
      return { hit: mod && !e.shiftKey && e.key.toLowerCase() === "z", whileTyping: false };
    case "redo":
      return { hit: mod && ((e.shiftKey && e.key.toLowerCase() === "z") || e.key.toLowerCase() === "y"), whileTyping: false };
    case "find":
      return { hit: mod && !e.shiftKey && e.key.toLowerCase() === "f", whileTyping: true };
    case "next-uncertain":
      return { hit: e.key === "F8" && !e.shiftKey && !mod && !e.altKey, whileTyping: true };
    case "previous-uncertain":
      return { hit: e.key === "F8" && e.shiftKey && !mod && !e.altKey, whileTyping: true };
    case "help":
      return { hit: e.key === "?" && !mod, whileTyping: false };
  }
}

const ACTIONS = [...new Set(SHORTCUTS.map((s) => s.action))];

/**
 * The action a key press asks for. While the user types in a field, plain keys belong to
 * the text (Space, arrows, Ctrl+Z undo inside the field), so only `whileTyping` ones fire.
 */
export function shortcutFor(e: KeyPress, typing: boolean): ShortcutAction | null {
  for (const action of ACTIONS) {
    const { hit, whileTyping } = matches(action, e);
    if (hit && (!typing || whileTyping)) return action;
  }
  return null;
}
