"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

interface FindReplaceBarProps {
  query: string;
  replacement: string;
  matchCase: boolean;
  matchCount: number;
  current: number;
  editable: boolean;
  onQuery(q: string): void;
  onReplacement(r: string): void;
  onMatchCase(v: boolean): void;
  onStep(delta: 1 | -1): void;
  onReplaceOne(): void;
  onReplaceAll(): void;
  onClose(): void;
}

const inputClass = "h-9 rounded-t-md border-0 border-b-2 border-border bg-input px-2 text-sm outline-none focus:border-primary";

export function FindReplaceBar(props: FindReplaceBarProps) {
  const { query, replacement, matchCase, matchCount, current, editable } = props;
  const findInput = useRef<HTMLInputElement>(null);
  useEffect(() => findInput.current?.select(), []);

  return (
    <div role="search" className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-card p-2" onKeyDown={(e) => e.key === "Escape" && props.onClose()}>
      <input
        ref={findInput}
        aria-label="Find"
        placeholder="Find"
        value={query}
        onChange={(e) => props.onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            props.onStep(e.shiftKey ? -1 : 1);
          }
        }}
        className={inputClass}
      />
      <span className="min-w-16 text-xs text-muted-foreground" aria-live="polite">
        {query ? (matchCount ? `${current + 1} of ${matchCount}` : "No matches") : ""}
      </span>
      <Button type="button" size="sm" variant="ghost" onClick={() => props.onStep(-1)} disabled={!matchCount} aria-label="Previous match">↑</Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => props.onStep(1)} disabled={!matchCount} aria-label="Next match">↓</Button>
      <label className="flex items-center gap-1 text-xs">
        <input type="checkbox" checked={matchCase} onChange={(e) => props.onMatchCase(e.target.checked)} /> Match case
      </label>
      {editable && (
        <>
          <input aria-label="Replace with" placeholder="Replace with" value={replacement} onChange={(e) => props.onReplacement(e.target.value)} className={inputClass} />
          <Button type="button" size="sm" variant="secondary" onClick={props.onReplaceOne} disabled={!matchCount}>Replace</Button>
          <Button type="button" size="sm" variant="secondary" onClick={props.onReplaceAll} disabled={!matchCount}>Replace all</Button>
        </>
      )}
      <Button type="button" size="sm" variant="ghost" onClick={props.onClose} aria-label="Close find and replace" className="ml-auto">✕</Button>
    </div>
  );
}
