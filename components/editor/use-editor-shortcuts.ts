"use client";

import { useEffect, useRef } from "react";
import { shortcutFor, type ShortcutAction } from "@/lib/editor/shortcuts";

const TEXT_FIELD = "input, textarea, select, [contenteditable=''], [contenteditable='true']";
const ACTIVATED_BY_SPACE = "button, a, audio, summary, [role='button'], [role='menuitem'], [role='tab']";

/** Window-wide editor shortcuts; keys typed into fields and open dialogs are left alone. */
export function useEditorShortcuts(handler: (action: ShortcutAction) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector("[role='dialog']")) return;
      const target = event.target instanceof Element ? event.target : null;
      if (event.key === " " && !event.ctrlKey && target?.closest(ACTIVATED_BY_SPACE)) return;
      const action = shortcutFor(event, Boolean(target?.closest(TEXT_FIELD)));
      if (!action) return;
      event.preventDefault();
      latest.current(action);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
