"use client";

import { useCallback, useMemo, useRef, useState, type RefObject } from "react";
import type { EditableSegment, TranscriptChanges, TranscriptPresence } from "@/lib/api/contract/transcription";
import { editableOf } from "./editable-segment";
import { useEditStream } from "./use-edit-stream";

/** How long a segment another person changed says who changed it. */
const RECENT_MS = 20_000;

interface Options {
  transcriptionId: string;
  version: number;
  /** the segments as this page holds them now */
  segmentsRef: RefObject<EditableSegment[]>;
  /** the segment open for typing, if any */
  editingId: string | null;
  /** whether the segment at a position holds the user's own edit not yet saved: theirs then waits for the save (a conflict shows both) */
  busy(position: number): boolean;
  /** whether this page's own request is under way, and when it is done */
  sending(): boolean;
  settled(): Promise<void>;
  /** whether this page's own request made a segment's version (the stream sends those back too) */
  madeHere(version: number): boolean;
  /** others' edits up to this version are shown here */
  heard(version: number): void;
  /** writes others' text edits (at `positions`) into the transcript */
  takeRemote(next: EditableSegment[], positions: number[]): void;
  /** a split or merge by someone else: the transcript now, and where each old position went */
  restructured(next: EditableSegment[], to: (position: number) => number | null): void;
}

/**
 * Working on a transcript with others: their saved edits appear here within a second or two
 * (marked with their name for a while), splits and merges by them move this page's segments,
 * open segment and pending edits along, and who else has it open, and where, is known. A
 * segment the user is changing keeps their text: their save then meets the other's as a conflict.
 */
export function useCollaboration({ transcriptionId, version, segmentsRef, editingId, busy, sending, settled, madeHere, heard, takeRemote, restructured }: Options) {
  const [clientId] = useState(() => crypto.randomUUID());
  const [others, setOthers] = useState<TranscriptPresence["others"]>([]);
  const [recent, setRecent] = useState<ReadonlyMap<string, string>>(new Map());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const markRecent = useCallback((changed: { id: string; name: string }[]) => {
    if (!changed.length) return;
    setRecent((now) => new Map([...now, ...changed.map((c) => [c.id, c.name] as const)]));
    for (const { id } of changed) {
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => setRecent((now) => new Map([...now].filter(([key]) => key !== id))), RECENT_MS),
      );
    }
  }, []);

  /** Others' changes to segments that were busy here, applied once they are not (retryDeferred). */
  const deferred = useRef(new Map<string, TranscriptChanges["segments"][number]>());
  const lastHeard = useRef(version);

  const apply = useCallback(
    (changes: TranscriptChanges) => {
      const current = segmentsRef.current;
      const mine = (s: EditableSegment, position: number) => madeHere(s.version) || (current[position]?.id === s.id && s.version <= current[position].version);
      const fresh: { id: string; name: string }[] = [];
      // This page's own split or merge comes back as a restructure: the order it already shows.
      const sameOrder = changes.restructured && changes.segments.length === current.length && changes.segments.every((s, i) => s.id === current[i].id);
      if (changes.restructured && !sameOrder) {
        const was = new Map(current.map((s, i) => [s.id, i]));
        const now = new Map(changes.segments.map((s, i) => [s.id, i]));
        const next = changes.segments.map(({ changed_by, ...changed }) => {
          const s = editableOf(changed);
          const old = was.get(s.id);
          if (old !== undefined && busy(old) && !mine(s, old)) deferred.current.set(s.id, { ...changed, changed_by });
          // Unchanged segments come without their word timings (they are here already).
          if (old !== undefined && (busy(old) || mine(s, old))) return current[old];
          if (changed_by && (old === undefined || s.version > current[old].version)) fresh.push({ id: s.id, name: changed_by });
          // Sent without timings, the text as here: the timings here still fit it.
          return s.words === null && old !== undefined && current[old].text === s.text ? { ...s, words: current[old].words } : s;
        });
        restructured(next, (position) => now.get(current[position]?.id ?? "") ?? null);
      } else {
        const next = [...current];
        const positions: number[] = [];
        const index = new Map(current.map((c, i) => [c.id, i]));
        for (const { changed_by, ...changed } of changes.segments) {
          const s = editableOf(changed);
          const at = index.get(s.id);
          if (at === undefined || mine(s, at)) continue;
          // The user's own edit of it is on its way: theirs waits (a conflict then shows both).
          if (busy(at)) {
            deferred.current.set(s.id, { ...changed, changed_by });
            continue;
          }
          next[at] = s;
          positions.push(at);
          if (changed_by) fresh.push({ id: s.id, name: changed_by });
        }
        if (positions.length) takeRemote(next, positions);
      }
      markRecent(fresh);
      heard(changes.version);
      lastHeard.current = Math.max(lastHeard.current, changes.version);
    },
    [busy, segmentsRef, markRecent, restructured, takeRemote, madeHere, heard],
  );

  // Heard while this page's own save, split or merge is on its way, changes wait for its answer:
  // the stream can be quicker than the answer, and would show this page's own split twice.
  const waiting = useRef<TranscriptChanges[]>([]);
  const onChanges = useCallback(
    (changes: TranscriptChanges) => {
      waiting.current.push(changes);
      if (waiting.current.length > 1) return;
      const drain = () => {
        if (sending()) return void settled().then(() => setTimeout(drain, 0));
        const all = waiting.current;
        waiting.current = [];
        for (const each of all) apply(each);
      };
      drain();
    },
    [apply, sending, settled],
  );

  /** After this page's save or a settled conflict: others' changes that waited are shown now (still newer than what is here). */
  const retryDeferred = useCallback(() => {
    if (!deferred.current.size) return;
    const segments = [...deferred.current.values()];
    deferred.current.clear();
    onChanges({ version: lastHeard.current, restructured: false, segments });
  }, [onChanges]);

  const [trouble, setTrouble] = useState<string | null>(null);
  useEditStream(transcriptionId, version, clientId, editingId, { onChanges, onPresence: (p) => setOthers(p.others), onTrouble: setTrouble });

  /** What a row says about others: who is editing it now, or who changed it a moment ago. */
  const notes = useMemo(() => {
    const byId = new Map<string, string>();
    for (const [id, name] of recent) byId.set(id, `Edited by ${name}`);
    for (const o of others) if (o.segment_id) byId.set(o.segment_id, `${o.name} is editing`);
    return byId;
  }, [others, recent]);

  return { others, notes, retryDeferred, trouble };
}
