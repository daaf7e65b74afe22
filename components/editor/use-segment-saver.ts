"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { call, detailOr, type ApiResult } from "@/lib/api/client";
import { restructureSegments, saveSegments } from "@/lib/api/endpoints/editor";
import { type EditableSegment, MAX_CHANGES_PER_SAVE, MAX_TEXT_PER_SAVE, type SegmentConflict } from "@/lib/api/contract/transcription";

export interface SegmentChange {
  text?: string;
  speaker?: string | null;
  /** the places of the segment's words reviewed and kept (the whole set) */
  reviewed?: number[];
}

/** A split before word `word` of a segment, or a merge of a segment with the next. */
export type StructureChange = { action: "split"; position: number; word: number } | { action: "merge"; position: number };

export type SaveState = "idle" | "pending" | "saving" | "saved" | "failed" | "conflict";

export type SavedSegment = EditableSegment & { position: number };

/** The segment at a position as this page read it: what a save names it by (lib/api/contract SegmentEdits). */
export type ReadAt = (position: number) => { id: string; version: number } | undefined;

/** One request of the queue, based on the version the previous one returned. */
type Save = (baseVersion: number) => Promise<ApiResult<{ version: number; segments: SavedSegment[] }>>;

const DEBOUNCE_MS = 800;
const RETRY_MS = 5000;

/**
 * Takes the first save's worth of changes out of `pending` (the server's limits per save); a
 * replace-all over a long transcript goes out in several saves.
 */
function firstBatch(pending: Map<number, SegmentChange>): Map<number, SegmentChange> {
  const batch = new Map<number, SegmentChange>();
  let chars = 0;
  for (const [position, change] of pending) {
    const size = change.text?.length ?? 0;
    if (batch.size >= MAX_CHANGES_PER_SAVE || chars + size > MAX_TEXT_PER_SAVE) break;
    batch.set(position, change);
    chars += size;
  }
  for (const position of batch.keys()) pending.delete(position);
  return batch;
}

function mergeInto(target: Map<number, SegmentChange>, older: Map<number, SegmentChange>) {
  for (const [position, change] of older) target.set(position, { ...change, ...target.get(position) });
}

/**
 * Autosave for segment edits: changes collect per segment, go out debounced and one request
 * at a time (splits and merges too). Each names its segment by id and the version this page
 * read of it, so others' saves elsewhere in the transcript never stop it. When someone changed
 * the same segment first, saving pauses with their text in `conflicts` until the user chooses
 * (`resolved`); any other 409 stops saving and keeps the text, so nothing is overwritten or lost silently.
 */
export function useSegmentSaver(transcriptionId: string, initialVersion: number, onSaved: (segments: SavedSegment[]) => void, readAt: ReadAt) {
  const version = useRef(initialVersion);
  const pending = useRef(new Map<number, SegmentChange>());
  const inFlight = useRef(false);
  /** the request under way (or the last one), for a split or merge that must wait for it */
  const running = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopped = useRef(false);
  const [state, setState] = useState<SaveState>("idle");
  const [error, setError] = useState("");
  const [conflicts, setConflicts] = useState<SegmentConflict[]>([]);
  /** edits of segments a teammate merged away before they were saved: kept for the user to copy */
  const orphans = useRef<string[]>([]);
  /** the versions this page's own requests made: the edit stream sends them back, and they are not others' edits */
  const own = useRef(new Set<number>());
  const reached = (answered: number) => {
    own.current.add(answered);
    version.current = Math.max(version.current, answered);
  };
  /** the positions of the save under way */
  const sendingNow = useRef(new Set<number>());

  /**
   * Sends one request based on the version the previous one returned. A failure calls
   * `putBack` (edits stay pending), a 409 stops all saving, and what is still pending
   * afterwards goes out next.
   */
  const send = useCallback(
    async (
      save: Save,
      putBack: () => void,
      flushNext: () => Promise<void>,
    ): Promise<SavedSegment[] | null> => {
      inFlight.current = true;
      setState("saving");
      let retry = false;
      let saved: SavedSegment[] | null = null;
      try {
        const result = await save(version.current);
        if (result.ok) {
          reached(result.data.version);
          saved = result.data.segments;
          setError("");
          setState(pending.current.size ? "pending" : "saved");
        } else if (result.status === 0) {
          putBack();
          setError("Could not reach the server.");
          setState("failed");
          retry = true;
        } else {
          putBack();
          setError(detailOr(result, `The server answered ${result.status}.`));
          const named = result.status === 409 ? (result.body?.conflicts as SegmentConflict[] | undefined) : undefined;
          if (named?.length) setConflicts(named);
          if (result.status === 409) stopped.current = true;
          setState(result.status === 409 ? "conflict" : "failed");
          retry = result.status >= 500 || result.status === 429;
        }
      } finally {
        inFlight.current = false;
      }
      if (retry) timer.current = setTimeout(() => void flushNext(), RETRY_MS);
      else if (pending.current.size && !stopped.current) void flushNext();
      return saved;
    },
    [],
  );

  const flush = useCallback(async function flushNow(): Promise<void> {
    clearTimeout(timer.current);
    if (inFlight.current || pending.current.size === 0 || stopped.current) return;
    const sending = firstBatch(pending.current);
    sendingNow.current = new Set(sending.keys());
    const changes = [...sending].map(([position, c]) => ({ position, ...readAt(position), ...c }));
    const request = send(
      (base) => call(saveSegments, { params: { id: transcriptionId }, body: { base_version: base, changes } }),
      () => mergeInto(pending.current, sending),
      flushNow,
    ).then((saved) => {
      sendingNow.current = new Set();
      if (saved) onSaved(saved);
    });
    running.current = request;
    await request;
  }, [transcriptionId, onSaved, send, readAt]);

  /**
   * Splits or merges after every pending edit is saved (positions shift, so nothing may be
   * in between). Returns the segments the edit made, or null when it could not go out (the status says why).
   */
  const restructure = useCallback(
    async (change: StructureChange): Promise<SavedSegment[] | null> => {
      await running.current;
      await flush();
      await running.current;
      if (pending.current.size || inFlight.current || stopped.current) return null;
      const named = change.action === "split" ? { ...change, ...readAt(change.position) } : { ...change, ...readAt(change.position), next: readAt(change.position + 1) };
      const request = send((base) => call(restructureSegments, { params: { id: transcriptionId }, body: { base_version: base, ...named } }), () => undefined, flush);
      running.current = request.then(() => undefined);
      return request;
    },
    [transcriptionId, flush, send, readAt],
  );

  /**
   * Sends a change segment saves do not carry (speakers renamed at once) after every pending
   * edit is saved, based on the version they reached; the version it answers is the next
   * save's base. A 409 stops saving as any save's does; another failure is the caller's to
   * show (nothing is left to retry). Null when it could not go out (the status says why).
   */
  const exclusive = useCallback(
    async <T extends { version: number }>(call: (baseVersion: number) => Promise<ApiResult<T>>): Promise<ApiResult<T> | null> => {
      await running.current;
      await flush();
      await running.current;
      if (pending.current.size || inFlight.current || stopped.current) return null;
      inFlight.current = true;
      const request = (async () => {
        try {
          const result = await call(version.current);
          if (result.ok) {
            reached(result.data.version);
            setState(pending.current.size ? "pending" : "saved");
          } else if (result.status === 409) {
            stopped.current = true;
            setError(detailOr(result, "This transcript was changed elsewhere."));
            setState("conflict");
          }
          return result;
        } finally {
          inFlight.current = false;
        }
      })();
      running.current = request.then(() => undefined);
      const result = await request;
      if (pending.current.size && !stopped.current) void flush();
      return result;
    },
    [flush],
  );

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
  const lost = useCallback(() => [...orphans.current], []);

  /** Whether the segment at `position` has an edit not yet saved (others' edits wait until it is). */
  const hasUnsaved = useCallback((position: number) => pending.current.has(position) || sendingNow.current.has(position), []);

  /**
   * A teammate split or merged segments: pending edits follow their segments to their new
   * positions. An edit of a segment merged away cannot be saved; its text is kept to copy.
   */
  const remap = useCallback((to: (position: number) => number | null, textAt: (position: number) => string | undefined) => {
    const moved = new Map<number, SegmentChange>();
    for (const [position, change] of pending.current) {
      const now = to(position);
      if (now === null) {
        const text = change.text ?? textAt(position);
        if (text !== undefined) orphans.current.push(text);
      } else moved.set(now, change);
    }
    pending.current = moved;
    if (orphans.current.length) {
      stopped.current = true;
      setError("A teammate merged a segment you were editing into another before your edit was saved. Copy your text, then reload.");
      setState("conflict");
    }
  }, []);

  /**
   * The user chose, for every conflict, what the segment holds now (the editor has written it
   * into the segments, with the version the server named): what is still pending goes out.
   */
  const resolved = useCallback(
    (dropped: number[]) => {
      for (const position of dropped) pending.current.delete(position);
      setConflicts([]);
      setError("");
      stopped.current = false;
      setState(pending.current.size ? "pending" : "saved");
      void flush();
    },
    [flush],
  );

  /** Whether this page's own request made `changed` (a segment's version). */
  const madeHere = useCallback((changed: number) => own.current.has(changed), []);
  /** Others' edits up to `heard` are on this page: a change to the whole transcript (speakers renamed) builds on it. */
  const heard = useCallback((heardVersion: number) => {
    version.current = Math.max(version.current, heardVersion);
  }, []);

  /** Whether a request of this page is under way, and when it is done: others' edits heard meanwhile wait for it (its answer may be about to move segments). */
  const sending = useCallback(() => inFlight.current, []);
  const settled = useCallback(() => running.current, []);

  return { state, error, conflicts, queue, flush, restructure, exclusive, unsaved, lost, hasUnsaved, remap, resolved, sending, settled, madeHere, heard };
}
