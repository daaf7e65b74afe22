"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { replaceAll, replaceMatch } from "@/lib/editor/find";
import { renameSpeaker, speakerNames } from "@/lib/editor/speakers";
import { indexAt, indexWithin } from "@/lib/editor/playback";
import type { ShortcutAction } from "@/lib/editor/shortcuts";
import { emptyHistory, record, redo, undo, type SegmentState, type UndoHistory } from "@/lib/editor/undo-history";
import type { EditorCapabilities } from "@/lib/editor/capabilities";
import type { ApiFormatState, ApiSegment, ApiTranscription } from "@/lib/api/contract/transcriptions";
import type { ApiStyle } from "@/lib/api/contract/transcriptions";
import { Button } from "@/components/ui/button";
import { ConflictDialog } from "./conflict-dialog";
import { ExportMenu } from "./export-menu";
import { FindReplaceBar } from "./find-replace-bar";
import { FormatPanel } from "./format-panel";
import { FormattedView } from "./formatted-view";
import { PlayerBar } from "./player-bar";
import { SaveStatus } from "./save-status";
import { SegmentRow } from "./segment-row";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { SpeakerNotices } from "./speaker-notices";
import { SpeakersDialog } from "./speakers-dialog";
import { useEditorShortcuts } from "./use-editor-shortcuts";
import { useFind } from "./use-find";
import { usePlayback } from "./use-playback";
import { useSegmentSaver, type SavedSegment, type StructureChange } from "./use-segment-saver";
import { useTranscriptSpeakers } from "./use-transcript-speakers";

interface TranscriptEditorProps {
  transcription: ApiTranscription;
  segments: ApiSegment[];
  format: ApiFormatState;
  capabilities: EditorCapabilities;
  styles: ApiStyle[];
}

const stateOf = (s: ApiSegment, position: number): SegmentState => ({ position, text: s.text, speaker: s.speaker });

export function TranscriptEditor({ transcription, segments: initial, format, capabilities, styles }: TranscriptEditorProps) {
  const t = transcription;
  const [segments, setSegments] = useState(initial);
  const [editing, setEditing] = useState<number | null>(null);
  const editStart = useRef<SegmentState | null>(null);
  const [history, setHistory] = useState<UndoHistory>(emptyHistory);
  const [view, setView] = useState<"raw" | "formatted">("raw");
  const [formatted, setFormatted] = useState(format.formatted);
  const [helpOpen, setHelpOpen] = useState(false);
  const [speakersOpen, setSpeakersOpen] = useState(false);
  const [markLowConfidence, setMarkLowConfidence] = useState(true);
  const playback = usePlayback();
  const editable = capabilities.editing;
  const voices = useTranscriptSpeakers(t.id);
  const { reload: reloadVoices } = voices;
  // A saved rename of a detected speaker renames it on the server too: once the segments whose
  // speaker changed are saved, the speakers are read again.
  const speakerEdits = useRef(new Set<number>());

  // Every save makes a formatted version outdated, as the server (comparing versions) says after a reload.
  const markFormattedOutdated = () => setFormatted((f) => (f && !f.outdated ? { ...f, outdated: true } : f));

  // A save returns the segment with realigned word timings; take them if the text is still the one saved.
  const onSaved = useCallback((saved: SavedSegment[]) => {
    markFormattedOutdated();
    if (saved.filter((s) => speakerEdits.current.delete(s.position)).length) reloadVoices();
    setSegments((current) =>
      current.map((s, i) => {
        const match = saved.find((x) => x.position === i);
        return match && match.text === s.text.replace(/\s+/g, " ").trim() ? { ...s, text: match.text, words: match.words } : s;
      }),
    );
  }, [reloadVoices]);
  const saver = useSegmentSaver(t.id, t.version, onSaved);
  const { queue, flush, restructure: saverRestructure } = saver;

  const texts = useMemo(() => segments.map((s) => s.text), [segments]);
  const find = useFind(texts);
  const activeSegment = indexAt(segments, playback.currentMs);
  const activeWords = activeSegment >= 0 ? segments[activeSegment].words : null;
  const activeWord = activeWords ? indexWithin(activeWords, playback.currentMs) : -1;

  const applyStates = useCallback(
    (states: SegmentState[]) => {
      setSegments((current) => current.map((s, i) => {
        const next = states.find((x) => x.position === i);
        return next ? { ...s, text: next.text, speaker: next.speaker } : s;
      }));
      for (const s of states) queue(s.position, { text: s.text, speaker: s.speaker });
    },
    [queue],
  );

  // Latest segments for callbacks that must not re-create on every keystroke.
  const latest = useRef(segments);
  useEffect(() => {
    latest.current = segments;
  }, [segments]);

  const [caret, setCaret] = useState<number | undefined>(undefined);
  const startEdit = useCallback((position: number, at?: number) => {
    editStart.current = stateOf(latest.current[position], position);
    setCaret(at);
    setEditing(position);
  }, []);

  /** Ends an edit session: one undo step per session, and the save goes out now. */
  const stopEdit = useCallback(
    (position: number) => {
      setEditing((e) => (e === position ? null : e));
      const before = editStart.current;
      const after = stateOf(latest.current[position], position);
      if (before && before.position === position && before.text !== after.text) {
        setHistory((h) => record(h, { before: [before], after: [after] }));
      }
      editStart.current = null;
      void flush();
    },
    [flush],
  );

  const changeText = useCallback(
    (position: number, text: string) => {
      setSegments((current) => current.map((s, i) => (i === position ? { ...s, text } : s)));
      queue(position, { text });
    },
    [queue],
  );

  // The same array while the names stay the same, so typing does not re-render every row
  // (names are one line: SpeakerName collapses whitespace).
  const namesKey = speakerNames(segments).join("\n");
  const speakers = useMemo(() => (namesKey ? namesKey.split("\n") : []), [namesKey]);

  const setSpeaker = useCallback(
    (position: number, speaker: string | null) => {
      const before = stateOf(latest.current[position], position);
      const after = { ...before, speaker };
      setHistory((h) => record(h, { before: [before], after: [after] }));
      speakerEdits.current.add(position);
      applyStates([after]);
    },
    [applyStates],
  );

  // Positions shift, so the undo steps so far would point at the wrong segments: they go.
  // One at a time: a double click on Merge must not send a second merge based on the same version.
  const restructuring = useRef(false);
  const restructure = useCallback(
    async (change: StructureChange) => {
      if (restructuring.current) return;
      restructuring.current = true;
      editStart.current = null;
      setEditing(null);
      try {
        const saved = await saverRestructure(change);
        if (!saved) return;
        setSegments(saved.map((s) => ({ start_ms: s.start_ms, end_ms: s.end_ms, text: s.text, words: s.words, confidence: s.confidence, speaker: s.speaker })));
        setHistory(emptyHistory());
        markFormattedOutdated();
      } finally {
        restructuring.current = false;
      }
    },
    [saverRestructure],
  );
  const split = useCallback((position: number, word: number) => void restructure({ action: "split", position, word }), [restructure]);
  const merge = useCallback((position: number) => void restructure({ action: "merge", position }), [restructure]);

  const renameEverywhere = (from: string, to: string) => {
    const change = renameSpeaker(segments, from, to);
    if (!change.after.length) return;
    setHistory((h) => record(h, change));
    for (const s of change.after) speakerEdits.current.add(s.position);
    applyStates(change.after);
  };

  const step = (apply: (h: UndoHistory) => { apply: SegmentState[]; history: UndoHistory } | null) => {
    const result = apply(history);
    if (!result) return;
    setHistory(result.history);
    for (const s of result.apply) if (s.speaker !== segments[s.position]?.speaker) speakerEdits.current.add(s.position);
    applyStates(result.apply);
  };

  const replaceCurrent = () => {
    const match = find.matches[find.current];
    if (!match) return;
    const before = stateOf(segments[match.position], match.position);
    const after = { ...before, text: replaceMatch(before.text, match, find.replacement) };
    setHistory((h) => record(h, { before: [before], after: [after] }));
    applyStates([after]);
  };

  const replaceEverywhere = () => {
    const changes = replaceAll(texts, find.query, find.replacement, { matchCase: find.matchCase });
    if (!changes.length) return;
    const before = changes.map((c) => stateOf(segments[c.position], c.position));
    const after = before.map((b, i) => ({ ...b, text: changes[i].text }));
    setHistory((h) => record(h, { before, after }));
    applyStates(after);
  };

  useEditorShortcuts((action: ShortcutAction) => {
    const seekSegment = (i: number) => segments[i] && playback.seek(segments[i].start_ms, playback.playing);
    switch (action) {
      case "play-pause": return playback.toggle();
      case "back-5": return playback.skip(-5000);
      case "forward-5": return playback.skip(5000);
      case "previous-segment": return seekSegment(Math.max(0, activeSegment - 1));
      case "next-segment": return seekSegment(activeSegment + 1);
      case "undo": return editable && step(undo);
      case "redo": return editable && step(redo);
      case "find": return find.setOpen(true);
      case "help": return setHelpOpen(true);
    }
  });

  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Transcript tools">
        <div className="flex rounded-lg border border-border p-0.5" role="tablist" aria-label="Version">
          {(["raw", "formatted"] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              onClick={() => setView(v)}
              className={`rounded-md px-3 py-1 text-sm ${view === v ? "bg-accent text-accent-foreground" : "hover:bg-muted"}`}
            >
              {v === "raw" ? "Transcript" : "Formatted"}
            </button>
          ))}
        </div>
        <Button type="button" size="sm" variant="secondary" onClick={() => find.setOpen(true)}>Find{editable ? " & replace" : ""}</Button>
        {editable && (
          <>
            <Button type="button" size="sm" variant="ghost" onClick={() => step(undo)} disabled={!history.done.length}>Undo</Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => step(redo)} disabled={!history.undone.length}>Redo</Button>
          </>
        )}
        {editable && (
          <Button type="button" size="sm" variant="ghost" onClick={() => setSpeakersOpen(true)}>Speakers</Button>
        )}
        <ExportMenu transcriptionId={t.id} title={t.title} capabilities={capabilities} hasFormatted={formatted !== null} />
        <Button type="button" size="sm" variant="ghost" onClick={() => setHelpOpen(true)} aria-label="Keyboard shortcuts">⌨ Shortcuts</Button>
        <span className="ml-auto">
          <SaveStatus state={saver.state} error={saver.error} onRetry={() => void saver.flush()} />
        </span>
      </div>

      {find.open && view === "raw" && (
        <FindReplaceBar
          query={find.query}
          replacement={find.replacement}
          matchCase={find.matchCase}
          matchCount={find.matches.length}
          current={find.current}
          editable={editable}
          onQuery={find.setQuery}
          onReplacement={find.setReplacement}
          onMatchCase={find.setMatchCase}
          onStep={find.step}
          onReplaceOne={replaceCurrent}
          onReplaceAll={replaceEverywhere}
          onClose={() => find.setOpen(false)}
        />
      )}

      <PlayerBar src={`/api/transcriptions/${t.id}/audio`} playback={playback} />

      <SpeakerNotices speakers={voices.speakers} names={speakers} editable={editable} onAccept={renameEverywhere} onDismiss={voices.dismiss} />

      {view === "raw" ? (
        <>
          <div className="flex flex-wrap items-center gap-4 text-xs text-muted-foreground">
            {!editable && <span>Editing is not included in your plan; you can listen, search and export.</span>}
            {segments.some((s) => s.words?.some((w) => w.confidence !== undefined)) && (
              <label className="flex items-center gap-1">
                <input type="checkbox" checked={markLowConfidence} onChange={(e) => setMarkLowConfidence(e.target.checked)} />
                Underline words the engine was unsure of
              </label>
            )}
          </div>
          <ol className="flex flex-col gap-1" data-testid="transcript">
            {segments.map((s, i) => {
              const found = find.byPosition.get(i);
              return (
                <SegmentRow
                  key={i}
                  segment={s}
                  position={i}
                  active={i === activeSegment}
                  activeWord={i === activeSegment ? activeWord : -1}
                  editable={editable}
                  editing={editing === i}
                  caret={editing === i ? caret : undefined}
                  markLowConfidence={markLowConfidence}
                  matches={found?.matches ?? NO_MATCHES}
                  currentMatch={found && find.current >= found.first && find.current < found.first + found.matches.length ? find.current - found.first : -1}
                  onSeek={playback.seek}
                  onStartEdit={startEdit}
                  onStopEdit={stopEdit}
                  onChangeText={changeText}
                  speakers={speakers}
                  onSetSpeaker={setSpeaker}
                  onSplit={split}
                  onMerge={merge}
                  last={i === segments.length - 1}
                />
              );
            })}
          </ol>
        </>
      ) : (
        <>
          <FormatPanel transcriptionId={t.id} capabilities={capabilities} styles={styles} initialRun={format.run} onFormatted={setFormatted} />
          <FormattedView formatted={formatted} />
        </>
      )}

      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
      <SpeakersDialog
        open={speakersOpen}
        onOpenChange={setSpeakersOpen}
        names={speakers}
        onRename={renameEverywhere}
        detected={voices.speakers?.speakers}
        onSaveProfile={voices.saveProfile}
      />
      <ConflictDialog open={saver.state === "conflict"} message={saver.error} unsaved={saver.unsaved} segments={segments} />
    </div>
  );
}

const NO_MATCHES: never[] = [];
