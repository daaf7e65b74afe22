"use client";

import { useEffect, useState } from "react";

/** How long the search boxes wait after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The API's limit on `q` (longer is a 400 for users), so typing cannot reach it. */
export const SEARCH_MAX_LENGTH = 200;

/** `value`, once it has stopped changing for `delayMs`: a search box asks once per pause, not per key. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
