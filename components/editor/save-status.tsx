"use client";

import { clsx } from "clsx";
import type { SaveState } from "./use-segment-saver";

const LABELS: Record<SaveState, string> = {
  idle: "",
  pending: "Unsaved changes…",
  saving: "Saving…",
  saved: "All changes saved",
  failed: "Not saved",
  conflict: "Not saved: changed elsewhere",
};

export function SaveStatus({ state, error, onRetry }: { state: SaveState; error: string; onRetry(): void }) {
  if (state === "idle") return null;
  const bad = state === "failed" || state === "conflict";
  return (
    <span role="status" data-testid="save-status" data-state={state} className={clsx("flex items-center gap-2 text-sm", bad ? "text-danger" : "text-muted-foreground")}>
      {LABELS[state]}
      {state === "failed" && (
        <>
          <span className="text-xs">({error})</span>
          <button type="button" onClick={onRetry} className="text-accent underline">Retry</button>
        </>
      )}
    </span>
  );
}
