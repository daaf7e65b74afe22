"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiSegment } from "@/lib/api/contract/transcriptions";
import { apiCall, detailOr } from "@/lib/api/client";
import { SavedSegments } from "@/lib/api/contract/transcriptions";

export interface SegmentChange {
  text?: string;
  speaker?: string | null;
}

export type SaveState = "idle" | "pending" | "saving" | "saved" | "failed" | "conflict";

export type SavedSegment = ApiSegment & { position: number };

const DEBOUNCE_MS = 800;
const RETRY_MS = 5000;

function mergeInto(target: Map<number, SegmentChange>, older: Map<number, SegmentChange>) {
  for (const [position, change] of older) target.set(position, { ...change, ...target.get(position) });
}

/**
 * Autosave for segment edits: changes collect per segment, go out debounced and one request
 * at a time, each based on the version the previous save returned. A stale version (another
 * tab saved) stops saving and keeps the text, so nothing is overwritten or lost silently.
 */
export function useSegmentSaver(transcriptionId: string, initialVersion: number, onSaved: (segments: SavedSegment[]) => void) {
  const version = useRef(initialVersion);
  const pending = useRef(new Map<number, SegmentChange>());
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopped = useRef(false);
  const [state, setState] = useState<SaveState>("idle");
  const [error, setError] = useState("");

  const flush = useCallback(async function flushNow(): Promise<void> {
    clearTimeout(timer.current);
    if (inFlight.current || pending.current.size === 0 || stopped.current) return;
    const sending = pending.current;
    pending.current = new Map();
    inFlight.current = true;
    setState("saving");
    let retry = false;
    try {
      const result = await apiCall(`/api/transcriptions/${transcriptionId}/segments`, {
        method: "PATCH",
        body: { base_version: version.current, changes: [...sending].map(([position, c]) => ({ position, ...c })) },
        answer: SavedSegments,
      });
      if (result.ok) {
        version.current = result.data.version;
        onSaved(result.data.segments);
        setError("");
        setState(pending.current.size ? "pending" : "saved");
      } else if (result.status === 0) {
        mergeInto(pending.current, sending);
        setError("Could not reach the server.");
        setState("failed");
        retry = true;
      } else {
        mergeInto(pending.current, sending);
        setError(detailOr(result, `The server answered ${result.status}.`));
        if (result.status === 409) stopped.current = true;
        setState(result.status === 409 ? "conflict" : "failed");
        retry = result.status >= 500 || result.status === 429;
      }
    } finally {
      inFlight.current = false;
    }
    if (retry) timer.current = setTimeout(() => void flushNow(), RETRY_MS);
    else if (pending.current.size && !stopped.current) void flushNow();
  }, [onSaved, transcriptionId]);

  const queue = useCallback(
    (position: number, change: SegmentChange) => {
      pending.current.set(position, { ...pending.current.get(position), ...change });
      if (stopped.current) return;
      setState((s) => (s === "failed" ? s : "pending"));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
    },
    [flush],
  );

  // Leaving with unsaved text asks first (the browser shows its own wording).
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (pending.current.size || inFlight.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** The texts not yet saved, for the conflict dialog's "copy my changes". */
  const unsaved = useCallback(() => [...pending.current].map(([position, c]) => ({ position, ...c })), []);

  return { state, error, queue, flush, unsaved };
}
