"use client";

import { useCallback, useLayoutEffect, useRef, useState } from "react";

/** Within this many pixels of the bottom counts as reading the newest words. */
const AT_BOTTOM_PX = 24;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

const distanceToBottom = (el: HTMLElement, scrollHeight = el.scrollHeight) => scrollHeight - el.scrollTop - el.clientHeight;

/**
 * A scrolling box that follows text growing at its end, as a chat does: after each change of
 * `content` it scrolls to the bottom if the reader was at the bottom before the change. A
 * reader who scrolled up stays where they are (`detached`) until they scroll back down or
 * jump to the newest words.
 */
export function useFollowScroll<T extends HTMLElement>(content: unknown) {
  const ref = useRef<T>(null);
  const [detached, setDetached] = useState(false);
  /** the box's scroll height when last seen: where its bottom was before the text changed */
  const lastHeight = useRef(0);
  /** a smooth jump to the newest words is under way: its in-between positions are not the reader's */
  const jumping = useRef(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const wasAtBottom = jumping.current || distanceToBottom(el, lastHeight.current) <= AT_BOTTOM_PX;
    lastHeight.current = el.scrollHeight;
    if (!wasAtBottom) return;
    // Following is instant even without reduced motion: new words come every quarter second,
    // and a smooth scroll's in-between positions would read as the reader scrolling up.
    if (jumping.current) el.scrollTo({ top: el.scrollHeight, behavior: "smooth" });
    else el.scrollTop = el.scrollHeight;
  }, [content]);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    lastHeight.current = el.scrollHeight;
    const atBottom = distanceToBottom(el) <= AT_BOTTOM_PX;
    if (jumping.current && !atBottom) return;
    jumping.current = false;
    setDetached(!atBottom);
  }, []);

  /** The reader takes over (wheel, touch, keys, dragging the scroll bar): a jump under way stops being followed. */
  const onReaderScroll = useCallback(() => {
    jumping.current = false;
  }, []);

  const jumpToLive = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // The button goes away once at the bottom: the box keeps the focus, and its keys scroll it.
    el.focus({ preventScroll: true });
    if (window.matchMedia(REDUCED_MOTION).matches) {
      el.scrollTop = el.scrollHeight;
      lastHeight.current = el.scrollHeight;
      setDetached(false);
      return;
    }
    jumping.current = true;
    el.scrollTo({ top: el.scrollHeight, behavior: "smooth" });
  }, []);

  return {
    /** spread on the scrolling element */
    boxProps: { ref, onScroll, onWheel: onReaderScroll, onTouchStart: onReaderScroll, onKeyDown: onReaderScroll, onPointerDown: onReaderScroll },
    /** the reader scrolled away from the newest words */
    detached,
    jumpToLive,
  };
}
