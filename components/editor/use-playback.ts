"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { rememberPlaybackRate, storedPlaybackRate, type PlaybackRate } from "@/lib/editor/playback";

/**
 * The audio element's position, updated every frame while it plays (timeupdate is only ~4 Hz),
 * its length, and its speed (remembered in this browser).
 */
export function usePlayback() {
  const audio = useRef<HTMLAudioElement>(null);
  const [currentMs, setCurrentMs] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [durationMs, setDurationMs] = useState(0);
  const [rate, setRateState] = useState<PlaybackRate>(1);
  /** playing a span (a word in its context): where it pauses */
  const stopAt = useRef<number | null>(null);

  useEffect(() => {
    if (!playing) return;
    let frame = requestAnimationFrame(function tick() {
      const el = audio.current;
      if (el) {
        setCurrentMs(el.currentTime * 1000);
        if (stopAt.current !== null && el.currentTime * 1000 >= stopAt.current) {
          stopAt.current = null;
          el.pause();
        }
      }
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const seek = useCallback((ms: number, play = true) => {
    const el = audio.current;
    if (!el) return;
    stopAt.current = null;
    const duration = Number.isFinite(el.duration) ? el.duration * 1000 : Infinity;
    const target = Math.min(Math.max(0, ms), duration);
    el.currentTime = target / 1000;
    setCurrentMs(target);
    if (play) void el.play().catch(() => undefined);
  }, []);

  /** Plays from `fromMs` and pauses at `toMs`. */
  const playSpan = useCallback(
    (fromMs: number, toMs: number) => {
      seek(fromMs, true);
      stopAt.current = toMs;
    },
    [seek],
  );

  const toggle = useCallback(() => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => undefined);
    else el.pause();
  }, []);

  const skip = useCallback(
    (deltaMs: number) => seek((audio.current?.currentTime ?? 0) * 1000 + deltaMs, !audio.current?.paused),
    [seek],
  );

  const applyRate = useCallback((next: PlaybackRate) => {
    setRateState(next);
    if (audio.current) audio.current.playbackRate = next;
  }, []);

  // The speed chosen before, read once mounted: the server renders 1×, and so the first render here.
  // The element may have read its length before React hydrated and listened: take it from there.
  useEffect(() => {
    applyRate(storedPlaybackRate());
    const el = audio.current;
    if (el && Number.isFinite(el.duration)) setDurationMs(el.duration * 1000);
  }, [applyRate]);

  const setRate = useCallback(
    (next: PlaybackRate) => {
      applyRate(next);
      rememberPlaybackRate(next);
    },
    [applyRate],
  );

  const duration = (el: HTMLAudioElement) => setDurationMs(Number.isFinite(el.duration) ? el.duration * 1000 : 0);

  const audioProps = {
    ref: audio,
    onPlay: () => setPlaying(true),
    // Loading a source resets the element's speed to its default; keep the chosen one.
    onLoadedMetadata: (e: React.SyntheticEvent<HTMLAudioElement>) => {
      e.currentTarget.playbackRate = rate;
      duration(e.currentTarget);
    },
    // A streamed file's length can be known only later (or change as it loads).
    onDurationChange: (e: React.SyntheticEvent<HTMLAudioElement>) => duration(e.currentTarget),
    onPause: () => setPlaying(false),
    onEnded: () => setPlaying(false),
    onSeeked: (e: React.SyntheticEvent<HTMLAudioElement>) => setCurrentMs(e.currentTarget.currentTime * 1000),
    onTimeUpdate: (e: React.SyntheticEvent<HTMLAudioElement>) => setCurrentMs(e.currentTarget.currentTime * 1000),
  };

  return { audioProps, currentMs, durationMs, playing, rate, setRate, seek, playSpan, toggle, skip };
}
