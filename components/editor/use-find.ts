"use client";

import { useMemo, useState } from "react";
import { findMatches, type Match } from "@/lib/editor/find";

/**
 * Find state over the segments' texts; `current` always points at a real match or -1. An
 * `initial` query (a search hit opened from the dashboard) starts it open at the first match.
 */
export function useFind(texts: readonly string[], initial = "") {
  const [open, setOpen] = useState(initial !== "");
  const [query, setQuery] = useState(initial);
  const [replacement, setReplacement] = useState("");
  const [matchCase, setMatchCase] = useState(false);
  const [cursor, setCursor] = useState(0);

  const matches = useMemo(() => (open ? findMatches(texts, query, { matchCase }) : []), [open, texts, query, matchCase]);
  const current = matches.length ? Math.min(cursor, matches.length - 1) : -1;

  const byPosition = useMemo(() => {
    const map = new Map<number, { matches: Match[]; first: number }>();
    matches.forEach((m, i) => {
      const entry = map.get(m.position) ?? { matches: [], first: i };
      entry.matches.push(m);
      map.set(m.position, entry);
    });
    return map;
  }, [matches]);

  const step = (delta: 1 | -1) => {
    if (!matches.length) return;
    setCursor((current + delta + matches.length) % matches.length);
  };

  return {
    open,
    setOpen,
    query,
    setQuery: (q: string) => {
      setQuery(q);
      setCursor(0);
    },
    replacement,
    setReplacement,
    matchCase,
    setMatchCase,
    matches,
    current,
    byPosition,
    step,
  };
}
