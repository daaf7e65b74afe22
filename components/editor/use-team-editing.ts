"use client";

import { useCallback, useEffect, type Dispatch, type RefObject, type SetStateAction } from "react";
import type { EditableSegment } from "@/lib/api/contract/transcription";
import type { ConflictChoice } from "./segment-conflict-dialog";
import { useCollaboration } from "./use-collaboration";
import type { useDocumentEditing } from "./use-document-editing";
import type { useSegmentSaver } from "./use-segment-saver";

interface Options {
  transcriptionId: string;
  version: number;
  segments: EditableSegment[];
  segmentsRef: RefObject<EditableSegment[]>;
  setSegments: Dispatch<SetStateAction<EditableSegment[]>>;
  saver: ReturnType<typeof useSegmentSaver>;
  doc: ReturnType<typeof useDocumentEditing>;
  /** others changed the segments: a formatted version is out of date */
  onChanged(): void;
}

/**
 * The editor's side of working together: others' edits go through the document (its undo
 * history and open segment) and the saver (its pending edits), and a conflict the user
 * settled writes the chosen text, with the version the server named, before saving goes on.
 */
export function useTeamEditing({ transcriptionId, version, segments, segmentsRef, setSegments, saver, doc, onChanged }: Options) {
  const { hasUnsaved, remap, queue, resolved } = saver;
  const { isChanging, takeRemote, remap: moveDocument } = doc;
  const together = useCollaboration({
    transcriptionId,
    version,
    segmentsRef,
    editingId: doc.editing === null ? null : (segments[doc.editing]?.id ?? null),
    busy: useCallback((position: number) => hasUnsaved(position) || isChanging(position), [hasUnsaved, isChanging]),
    sending: saver.sending,
    settled: saver.settled,
    madeHere: saver.madeHere,
    heard: saver.heard,
    takeRemote: useCallback((next: EditableSegment[], positions: number[]) => {
      takeRemote(next, positions);
      onChanged();
    }, [takeRemote, onChanged]),
    restructured: useCallback((next: EditableSegment[], to: (position: number) => number | null) => {
      remap(to, (position) => segmentsRef.current[position]?.text);
      moveDocument(next, to);
      onChanged();
    }, [remap, moveDocument, onChanged, segmentsRef]),
  });

  const resolveConflicts = (choices: ConflictChoice[]) => {
    const next = [...segmentsRef.current];
    const dropped: number[] = [];
    for (const choice of choices) {
      const { conflict } = choice;
      const at = next.findIndex((s) => s.id === conflict.id);
      if (at < 0) continue;
      if (choice.keep === "theirs") dropped.push(at);
      const text = choice.keep === "theirs" ? conflict.text : choice.keep === "merged" ? choice.text : next[at].text;
      const speaker = choice.keep === "theirs" ? conflict.speaker : next[at].speaker;
      next[at] = { ...next[at], text, speaker, version: conflict.version };
      if (choice.keep === "merged") queue(at, { text });
    }
    segmentsRef.current = next;
    setSegments(next);
    resolved(dropped);
  };

  // A save that went through, or a conflict settled: others' edits that waited on it are shown.
  const { retryDeferred } = together;
  useEffect(() => {
    if (saver.state === "saved" || saver.state === "idle") retryDeferred();
  }, [saver.state, retryDeferred]);

  return { ...together, resolveConflicts };
}
