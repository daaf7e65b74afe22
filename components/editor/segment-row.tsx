"use client";

import { clsx } from "clsx";
import { memo, useEffect, useRef, type KeyboardEvent } from "react";
import type { Match } from "@/lib/editor/find";
import { isLowConfidence } from "@/lib/editor/playback";
import { formatTimestamp } from "@/lib/transcription/format";
import type { ApiSegment } from "@/lib/api/contract/transcriptions";
import { PlayFromButton } from "./play-from-button";

interface SegmentRowProps {
  segment: ApiSegment;
  position: number;
  active: boolean;
  /** index into segment.words of the word being said, -1 for none */
  activeWord: number;
  editable: boolean;
  editing: boolean;
  markLowConfidence: boolean;
  /** find matches inside this segment, with the index of the current one (or -1) */
  matches: readonly Match[];
  currentMatch: number;
  onSeek(ms: number): void;
  onStartEdit(position: number): void;
  onStopEdit(position: number): void;
  onChangeText(position: number, text: string): void;
}

/** Words paired with their timings, when the text still splits into exactly those words. */
function timedTokens(segment: ApiSegment) {
  const tokens = segment.text.split(/(\s+)/).filter((t) => t !== "");
  const words = segment.words ?? [];
  const wordTokens = tokens.filter((t) => !/^\s+$/.test(t));
  if (!words.length || wordTokens.length !== words.length) return null;
  let w = 0;
  return tokens.map((token) => (/^\s+$/.test(token) ? { token, word: -1 } : { token, word: w++ }));
}

function Highlighted({ text, matches, currentMatch }: { text: string; matches: readonly Match[]; currentMatch: number }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  matches.forEach((m, i) => {
    parts.push(text.slice(at, m.start));
    parts.push(
      <mark key={i} className={clsx("rounded-sm", i === currentMatch ? "bg-amber-400 text-black" : "bg-amber-200 text-black")} data-current={i === currentMatch || undefined}>
        {text.slice(m.start, m.end)}
      </mark>,
    );
    at = m.end;
  });
  parts.push(text.slice(at));
  return <>{parts}</>;
}

function SegmentText({ segment, activeWord, markLowConfidence, onSeek }: Pick<SegmentRowProps, "segment" | "activeWord" | "markLowConfidence" | "onSeek">) {
  const tokens = timedTokens(segment);
  if (!tokens) return <span>{segment.text}</span>;
  const words = segment.words ?? [];
  return (
    <>
      {tokens.map(({ token, word }, i) => {
        if (word < 0) return token;
        const timing = words[word];
        const low = markLowConfidence && isLowConfidence(timing.confidence);
        return (
          <span
            key={i}
            data-word={word}
            data-start={timing.start_ms}
            data-current={word === activeWord || undefined}
            onClick={(e) => {
              e.stopPropagation();
              onSeek(timing.start_ms);
            }}
            title={low ? `Low confidence (${Math.round((timing.confidence ?? 0) * 100)} %): check this word` : undefined}
            className={clsx(
              "cursor-pointer rounded-sm hover:bg-muted",
              word === activeWord && "bg-accent text-accent-foreground",
              low && "underline decoration-amber-500 decoration-dotted decoration-2 underline-offset-4",
            )}
          >
            {token}
          </span>
        );
      })}
    </>
  );
}

function EditArea({ segment, position, onChangeText, onStopEdit }: Pick<SegmentRowProps, "segment" | "position" | "onChangeText" | "onStopEdit">) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // A segment is one line: Enter and Escape both finish editing.
    if (e.key === "Escape" || (e.key === "Enter" && !e.shiftKey)) {
      e.preventDefault();
      onStopEdit(position);
    }
  };
  return (
    <textarea
      ref={ref}
      aria-label={`Text of the segment at ${formatTimestamp(segment.start_ms)}`}
      value={segment.text}
      onChange={(e) => onChangeText(position, e.target.value)}
      onBlur={() => onStopEdit(position)}
      onKeyDown={onKeyDown}
      rows={Math.max(2, Math.ceil(segment.text.length / 80))}
      className="w-full resize-none rounded-md border-0 border-b-2 border-primary bg-input px-2 py-1 leading-relaxed outline-none [field-sizing:content]"
    />
  );
}

export const SegmentRow = memo(function SegmentRow(props: SegmentRowProps) {
  const { segment, position, active, editable, editing, matches, currentMatch, onSeek, onStartEdit } = props;
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (active && !editing) row.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [active, editing]);
  useEffect(() => {
    if (currentMatch >= 0) row.current?.scrollIntoView({ block: "center" });
  }, [currentMatch]);

  return (
    <li
      ref={row}
      data-testid="segment"
      data-active={active || undefined}
      className={clsx("group flex gap-3 rounded-lg px-3 py-2", active ? "bg-accent-soft" : "hover:bg-muted/60")}
      onDoubleClick={() => editable && !editing && onStartEdit(position)}
    >
      <PlayFromButton ms={segment.start_ms} onSeek={onSeek} className="w-14 shrink-0 self-start pt-0.5 text-left font-mono text-xs text-accent hover:underline" />
      <div className="min-w-0 flex-1 leading-relaxed">
        {segment.speaker && <span className="mr-2 text-sm font-semibold text-accent">{segment.speaker}:</span>}
        {editing ? (
          <EditArea {...props} />
        ) : matches.length ? (
          <Highlighted text={segment.text} matches={matches} currentMatch={currentMatch} />
        ) : (
          <SegmentText {...props} />
        )}
      </div>
      {editable && !editing && (
        <button
          type="button"
          onClick={() => onStartEdit(position)}
          className="shrink-0 self-start rounded px-2 py-0.5 text-xs text-muted-foreground hover:bg-muted hover:text-foreground"
          aria-label={`Edit the segment at ${formatTimestamp(segment.start_ms)}`}
        >
          Edit
        </button>
      )}
    </li>
  );
});
