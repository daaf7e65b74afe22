"use client";

import { clsx } from "clsx";
import { memo, useEffect, useRef, type FocusEvent, type KeyboardEvent } from "react";
import type { Match } from "@/lib/editor/find";
import { replacementsIn, type Replacement } from "@/lib/editor/replacement-undo";
import { isUnsure } from "@/lib/editor/review";
import { newSpeakerName } from "@/lib/editor/speakers";
import { formatTimestamp } from "@/lib/text/time-format";
import type { ApiSegment } from "@/lib/api/contract/transcription";
import { caretOffsetAt } from "./caret";
import { editCommandFor, type EditCommand } from "./edit-keys";
import { PlayFromButton } from "./play-from-button";

interface SegmentRowProps {
  segment: ApiSegment;
  position: number;
  active: boolean;
  /** index into segment.words of the word being said, -1 for none */
  activeWord: number;
  /** index into segment.words of the word under review; none when left out */
  reviewWord?: number;
  /** undoes a replacement rule's or a term's change (editors only) */
  onUndoReplacement?(position: number, replacement: Replacement): void;
  editable: boolean;
  editing: boolean;
  /** below this confidence a word is underlined for review; null marks none */
  unsureBelow: number | null;
  /** find matches inside this segment, with the index of the current one (or -1) */
  matches: readonly Match[];
  currentMatch: number;
  /** `play`: start playing from there (default); false moves the position only */
  onSeek(ms: number, play?: boolean): void;
  /** `caret`: where to put the cursor in the text (default: at the end) */
  onStartEdit(position: number, caret?: number): void;
  onStopEdit(position: number): void;
  onChangeText(position: number, text: string): void;
  /** where the cursor goes when this segment's text opens for typing */
  caret?: number;
  /** with caret: the end of the text to select from it */
  selectTo?: number;
  /** a key or button that reaches beyond the segment's text: move, split, join, undo */
  onCommand(position: number, command: EditCommand): void;
  /** whether a previous / next segment exists (to move to or join with) */
  first: boolean;
  last: boolean;
  /** reading mode (small screens): a tap on a word plays from it and never opens the text for typing */
  reading: boolean;
  /** what others are doing here: "Maya Lind is editing", "Edited by Maya Lind" */
  peerNote?: string;
  /** the transcript's speakers, for the speaker menu */
  speakers: readonly string[];
  onSetSpeaker(position: number, speaker: string | null): void;
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

type TextProps = Pick<SegmentRowProps, "segment" | "position" | "activeWord" | "reviewWord" | "editable" | "reading" | "unsureBelow" | "onSeek" | "onUndoReplacement">;

function SegmentText({ segment, position, activeWord, reviewWord, editable, reading, unsureBelow, onSeek, onUndoReplacement }: TextProps) {
  const tokens = timedTokens(segment);
  if (!tokens) return <span>{segment.text}</span>;
  const words = segment.words ?? [];
  // Each replacement's words, and after its last one an Undo (what the engine heard written back).
  const replacements = replacementsIn(segment);
  const replacedBy = (word: number) => replacements.find((r) => word >= r.word && word < r.word + r.count);
  return (
    <>
      {tokens.map(({ token, word }, i) => {
        if (word < 0) return token;
        const timing = words[word];
        const low = unsureBelow !== null && isUnsure(timing, unsureBelow);
        const replaced = replacedBy(word);
        const undo = replaced && onUndoReplacement && word === replaced.word + replaced.count - 1 && (
          <button
            type="button"
            className="mx-0.5 inline-flex min-h-6 min-w-6 items-center justify-center rounded-sm text-xs text-accent hover:bg-muted"
            aria-label={`Undo the replacement: write “${replaced.heard}” again`}
            title={`Undo: write “${replaced.heard}” again`}
            onClick={(e) => {
              e.stopPropagation();
              onUndoReplacement(position, replaced);
            }}
          >
            ↶
          </button>
        );
        return [
          <span
            key={i}
            data-word={word}
            data-start={timing.start_ms}
            data-current={word === activeWord || undefined}
            // Where the click also opens the text for typing, the audio moves there but does not
            // start playing over the typing (a playing one goes on); reading, it plays from there.
            onClick={() => onSeek(timing.start_ms, reading || !editable)}
            data-review={word === reviewWord || undefined}
            data-replaced={replaced ? replaced.heard : undefined}
            title={
              replaced
                ? `Written by your replacements or vocabulary: the engine heard “${replaced.heard}”`
                : low
                  ? `Low confidence (${Math.round((timing.confidence ?? 0) * 100)} %): check this word`
                  : undefined
            }
            className={clsx(
              "cursor-pointer rounded-sm hover:bg-muted",
              word === activeWord && "bg-accent text-accent-foreground",
              replaced && word !== activeWord && "bg-sky-100 dark:bg-sky-950",
              word === reviewWord && "ring-2 ring-amber-500",
              low && "underline decoration-amber-500 decoration-dotted decoration-2 underline-offset-4",
            )}
          >
            {token}
          </span>,
          undo && <span key={`${i}-undo`}>{undo}</span>,
        ];
      })}
    </>
  );
}

function EditArea({ segment, position, caret, selectTo, first, last, onChangeText, onStopEdit, onCommand }: Pick<SegmentRowProps, "segment" | "position" | "caret" | "selectTo" | "first" | "last" | "onChangeText" | "onStopEdit" | "onCommand">) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const splitButton = useRef<HTMLButtonElement>(null);
  const split = () => onCommand(position, { kind: "split", caret: ref.current?.selectionStart ?? segment.text.length });
  // Moving between the text and its Split button keeps the session open; leaving both ends it.
  const leave = (event: FocusEvent) => {
    if (event.relatedTarget !== ref.current && event.relatedTarget !== splitButton.current) onStopEdit(position);
  };
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    const at = Math.min(caret ?? el.value.length, el.value.length);
    el.setSelectionRange(at, Math.min(Math.max(selectTo ?? at, at), el.value.length));
    // Only where the session starts: later renders must not move the cursor while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!ref.current) return;
    // React's event has no isComposing; 229 is what a key pressed for an input method reports (Safari included).
    const composing = e.nativeEvent.isComposing || e.keyCode === 229;
    const command = editCommandFor({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey, altKey: e.altKey, isComposing: composing }, ref.current, { first, last });
    if (!command) return;
    e.preventDefault();
    onCommand(position, command);
  };
  return (
    <>
      <textarea
        ref={ref}
        aria-label={`Text of the segment at ${formatTimestamp(segment.start_ms)}`}
        aria-keyshortcuts="Enter Alt+Enter"
        value={segment.text}
        onChange={(e) => onChangeText(position, e.target.value)}
        onBlur={leave}
        onKeyDown={onKeyDown}
        rows={Math.max(2, Math.ceil(segment.text.length / 80))}
        // Styled as the text it replaces, so clicking into a segment reads like typing in a document.
        className="block w-full resize-none border-0 bg-transparent p-0 leading-relaxed outline-none [field-sizing:content]"
      />
      <button
        ref={splitButton}
        type="button"
        // Keeps the cursor in the text: the split goes where it is.
        onMouseDown={(e) => e.preventDefault()}
        onClick={split}
        onBlur={leave}
        className="mt-1 rounded px-2 py-0.5 text-xs text-accent hover:bg-muted"
        title="Split the segment at the cursor (Enter)"
      >
        Split here
      </button>
    </>
  );
}

// Not a name anyone can give (names are trimmed): the menu entry that adds a speaker.
const NEW_SPEAKER = " new";

/** The segment's speaker as a menu: pick one of the transcript's speakers, none, or a new one. */
function SpeakerSelect({ segment, position, speakers, onSetSpeaker }: Pick<SegmentRowProps, "segment" | "position" | "speakers" | "onSetSpeaker">) {
  const fresh = newSpeakerName(speakers);
  return (
    <select
      aria-label={`Speaker of the segment at ${formatTimestamp(segment.start_ms)}`}
      value={segment.speaker ?? ""}
      onChange={(e) => onSetSpeaker(position, e.target.value === NEW_SPEAKER ? fresh : e.target.value || null)}
      className={clsx(
        "mr-2 max-w-40 rounded border-0 border-b border-border bg-transparent py-0 text-sm",
        segment.speaker ? "font-semibold text-accent" : "text-muted-foreground",
      )}
    >
      <option value="">No speaker</option>
      {speakers.map((n) => <option key={n} value={n}>{n}</option>)}
      <option value={NEW_SPEAKER}>New speaker ({fresh})</option>
    </select>
  );
}

// Full contrast at rest (axe: a faded control fails WCAG AA); the hover background marks the row.
const ROW_ACTION = "rounded px-2 py-0.5 text-xs text-muted-foreground hover:bg-muted hover:text-foreground";

export const SegmentRow = memo(function SegmentRow(props: SegmentRowProps) {
  const { segment, position, active, editable, editing, reading, last, matches, currentMatch, peerNote, onSeek, onStartEdit, onCommand } = props;
  const typing = editable && !reading;
  const text = useRef<HTMLDivElement>(null);
  // A click into the text opens it for typing with the cursor there (a word click also seeks);
  // a drag that selected text to copy leaves it as it is.
  const typeHere = (event: React.MouseEvent) => {
    if (!typing || editing || !text.current || !window.getSelection()?.isCollapsed) return;
    onStartEdit(position, caretOffsetAt(text.current, event.clientX, event.clientY) ?? undefined);
  };
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
      // Narrow screens put the time above the text, so the text has the whole width.
      className={clsx("group flex scroll-mt-40 flex-col gap-1 rounded-lg px-2 py-2 sm:flex-row sm:gap-3 sm:px-3", editing && "ring-2 ring-accent/50", active ? "bg-accent-soft" : "hover:bg-muted/60")}
      onDoubleClick={() => typing && !editing && onStartEdit(position)}
    >
      <PlayFromButton ms={segment.start_ms} onSeek={onSeek} className="w-14 shrink-0 self-start pt-0.5 text-left font-mono text-xs text-accent hover:underline" />
      <div className="min-w-0 flex-1 leading-relaxed">
        {peerNote && <p className="text-xs font-medium text-accent" data-testid="peer-note">{peerNote}</p>}
        {typing ? (
          <div><SpeakerSelect {...props} /></div>
        ) : (
          segment.speaker && <span className="mr-2 text-sm font-semibold text-accent">{segment.speaker}:</span>
        )}
        {editing ? (
          <EditArea {...props} />
        ) : (
          <div ref={text} onClick={typeHere} className={clsx(typing && "cursor-text", reading && "text-base")} data-testid="segment-text">
            {matches.length ? <Highlighted text={segment.text} matches={matches} currentMatch={currentMatch} /> : <SegmentText {...props} />}
          </div>
        )}
      </div>
      {typing && (
        // Hidden, not removed, while typing: the text keeps its width and does not reflow under the cursor.
        <div className={clsx("flex shrink-0 flex-row items-end gap-1 self-end sm:flex-col sm:gap-0 sm:self-start", editing && "invisible")}>
          <button type="button" onClick={() => onStartEdit(position)} className={ROW_ACTION} aria-label={`Edit the segment at ${formatTimestamp(segment.start_ms)}`}>
            Edit
          </button>
          {!last && (
            <button type="button" onClick={() => onCommand(position, { kind: "join", with: "next", typing: false })} className={ROW_ACTION} aria-label={`Merge the segment at ${formatTimestamp(segment.start_ms)} with the next`}>
              Merge ↓
            </button>
          )}
        </div>
      )}
    </li>
  );
});
