"use client";

import { useCallback, useMemo, useState, type MutableRefObject } from "react";
import type { EditableSegment } from "@/lib/api/contract/transcription";
import { contextSpan, stepFrom, uncertainWords, unsureBelow, type UncertainWord } from "@/lib/editor/review";
import { textWithout, type Replacement } from "@/lib/editor/replacement-undo";
import type { Edit } from "@/lib/editor/undo-history";
import { stateOf } from "./use-document-editing";
import type { SegmentChange } from "./use-segment-saver";

interface WordReviewOptions {
  engine: string | null;
  segments: EditableSegment[];
  /** the segments as the page holds them now (keys and saves see a change before the next render) */
  segmentsRef: MutableRefObject<EditableSegment[]>;
  setSegments: (segments: EditableSegment[]) => void;
  queue: (position: number, change: SegmentChange) => void;
  /** records an undoable change */
  edit: Edit;
  playSpan: (fromMs: number, toMs: number) => void;
}

/**
 * Going through the words the engine was unsure of: Next and Previous move from the word
 * under review (or the start), play it in its context and select it; Keep marks it reviewed
 * (saved, so it is not asked again, on any device); correcting its text clears its mark too.
 */
export function useWordReview({ engine, segments, segmentsRef, setSegments, queue, edit, playSpan }: WordReviewOptions) {
  const threshold = unsureBelow(engine);
  const left = useMemo(() => uncertainWords(segments, threshold), [segments, threshold]);
  const [current, setCurrent] = useState<UncertainWord | null>(null);

  const go = useCallback(
    (direction: 1 | -1) => {
      const next = stepFrom(left, current, direction);
      if (!next) return;
      setCurrent(next);
      const span = contextSpan(next);
      playSpan(span.fromMs, span.toMs);
    },
    [current, left, playSpan],
  );

  const keep = useCallback(() => {
    if (!current) return;
    const segment = segmentsRef.current[current.segment];
    const word = segment?.words?.[current.word];
    if (!segment?.words || !word) return;
    const words = segment.words.map((w, i) => (i === current.word ? { ...w, reviewed: true } : w));
    segmentsRef.current = segmentsRef.current.map((s, i) => (i === current.segment ? { ...s, words } : s));
    setSegments(segmentsRef.current);
    queue(current.segment, { reviewed: words.flatMap((w, i) => (w.reviewed ? [i] : [])) });
    // On to the next one: the list no longer holds this word.
    const next = stepFrom(uncertainWords(segmentsRef.current, threshold), current, 1);
    setCurrent(next);
    if (next) {
      const span = contextSpan(next);
      playSpan(span.fromMs, span.toMs);
    }
  }, [current, segmentsRef, playSpan, queue, setSegments, threshold]);

  // A replacement rule's or a term's change, undone: the words the engine heard written back (an edit like any, so it can be redone).
  const undoReplacement = useCallback(
    (position: number, replacement: Replacement) => {
      const before = stateOf(segmentsRef.current[position], position);
      edit([before], [{ ...before, text: textWithout(segmentsRef.current[position], replacement) }]);
    },
    [edit, segmentsRef],
  );

  const stillUncertain = current !== null && left.some((u) => u.segment === current.segment && u.word === current.word);
  return { threshold, left: left.length, current: stillUncertain ? current : null, next: () => go(1), previous: () => go(-1), keep, undoReplacement };
}
