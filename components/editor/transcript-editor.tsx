"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { renameSpeaker, renameSpeakers, speakerNames, type SpeakerRename } from "@/lib/editor/speakers";
import { indexAt, indexWithin } from "@/lib/editor/playback";
import type { ShortcutAction } from "@/lib/editor/shortcuts";
import type { EditorCapabilities } from "@/lib/editor/capabilities";
import type { ApiFormatState, ApiTranscription, EditableSegment } from "@/lib/api/contract/transcription";
import type { ApiStyle } from "@/lib/api/contract/transcription";
import { urlOf } from "@/lib/api/client";
import { transcriptionAudio } from "@/lib/api/endpoints/transcription";
import { PresenceList } from "./presence-list";
import { SaveConflicts } from "./save-conflicts";
import { useTeamEditing } from "./use-team-editing";
import { EditorToolbar } from "./editor-toolbar";
import { FindReplaceBar } from "./find-replace-bar";
import { replaceCurrent, replaceEverywhere } from "./find-replace-edits";
import { FormatPanel } from "./format-panel";
import { FormattedView } from "./formatted-view";
import { PlayerBar } from "./player-bar";
import { SegmentRow } from "./segment-row";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { SpeakerNotices } from "./speaker-notices";
import { SpeakersDialog } from "./speakers-dialog";
import { ReviewBar } from "./review-bar";
import { useEditorShortcuts } from "./use-editor-shortcuts";
import { useWordReview } from "./use-word-review";
import { useFind } from "./use-find";
import { usePlayback } from "./use-playback";
import { stateOf, useDocumentEditing } from "./use-document-editing";
import { useReadingMode } from "./use-reading-mode";
import { useSeekToMatch } from "./use-seek-to-match";
import { useSegmentSaver, type SavedSegment } from "./use-segment-saver";
import { useTranscriptSpeakers } from "./use-transcript-speakers";

interface TranscriptEditorProps {
  transcription: ApiTranscription;
  segments: EditableSegment[];
  format: ApiFormatState;
  capabilities: EditorCapabilities;
  styles: ApiStyle[];
  /** text to find when the page opens: a search hit opens the transcript at its match */
  initialFind?: string;
  /** the user may manage the transcript (its owner, a workspace admin): the toolbar offers share links */
  canShare?: boolean;
}

export function TranscriptEditor({ transcription, segments: initial, format, capabilities, styles, initialFind, canShare = false }: TranscriptEditorProps) {
  const t = transcription;
  const [segments, setSegments] = useState(initial);
  const [view, setView] = useState<"raw" | "formatted">("raw");
  const [formatted, setFormatted] = useState(format.formatted);
  const [helpOpen, setHelpOpen] = useState(false);
  const [speakersOpen, setSpeakersOpen] = useState(false);
  const [markLowConfidence, setMarkLowConfidence] = useState(true);
  const playback = usePlayback();
  const editable = capabilities.editing;
  const [reading, setReading] = useReadingMode(editable);
  const voices = useTranscriptSpeakers(t.id);
  const { reload: reloadVoices } = voices;
  // A saved rename of a detected speaker renames it on the server too: its segments saved, the speakers are read again.
  const speakerEdits = useRef(new Set<number>());
  const list = useRef<HTMLOListElement>(null);

  // Every save makes a formatted version outdated, as the server (comparing versions) says after a reload.
  const markFormattedOutdated = useCallback(() => setFormatted((f) => (f && !f.outdated ? { ...f, outdated: true } : f)), []);

  // A save answers realigned word timings (taken if the text is still the one saved) and the version the next save builds on.
  // Written with every change of the segments, so keys, saves and others' edits see it before the next render.
  const latest = useRef(segments);
  useEffect(() => {
    latest.current = segments;
  }, [segments]);
  const onSaved = useCallback((saved: SavedSegment[]) => {
    markFormattedOutdated();
    if (saved.filter((s) => speakerEdits.current.delete(s.position)).length) reloadVoices();
    const next = latest.current.map((s) => {
      const match = saved.find((x) => x.id === s.id);
      if (!match) return s;
      return match.text === s.text.replace(/\s+/g, " ").trim() ? { ...s, text: match.text, words: match.words, version: match.version } : { ...s, version: match.version };
    });
    latest.current = next;
    setSegments(next);
  }, [markFormattedOutdated, reloadVoices]);
  const readAt = useCallback((position: number) => {
    const s = latest.current[position];
    return s && { id: s.id, version: s.version };
  }, []);
  const saver = useSegmentSaver(t.id, t.version, onSaved, readAt);
  const { queue } = saver;
  const onSpeakerEdited = useCallback((position: number) => void speakerEdits.current.add(position), []);
  const doc = useDocumentEditing({
    segmentsRef: latest,
    setSegments,
    queue,
    flush: saver.flush,
    restructure: saver.restructure,
    list,
    onSpeakerEdited,
    onRestructured: markFormattedOutdated,
  });
  const { edit } = doc;
  const together = useTeamEditing({ transcriptionId: t.id, version: t.version, segments, segmentsRef: latest, setSegments, saver, doc, onChanged: markFormattedOutdated });
  const texts = useMemo(() => segments.map((s) => s.text), [segments]);
  const find = useFind(texts, initialFind);
  const activeSegment = indexAt(segments, playback.currentMs);
  const activeWords = activeSegment >= 0 ? segments[activeSegment].words : null;
  const activeWord = activeWords ? indexWithin(activeWords, playback.currentMs) : -1;
  useSeekToMatch(find.matches[find.current], segments, playback.seek);

  const changeText = useCallback(
    (position: number, text: string) => {
      latest.current = latest.current.map((s, i) => (i === position ? { ...s, text } : s));
      setSegments(latest.current);
      queue(position, { text });
    },
    [queue],
  );

  // The same array while the names stay the same, so typing does not re-render every row (names are one line).
  const namesKey = speakerNames(segments).join("\n");
  const speakers = useMemo(() => (namesKey ? namesKey.split("\n") : []), [namesKey]);

  const setSpeaker = useCallback(
    (position: number, speaker: string | null) => {
      const before = stateOf(latest.current[position], position);
      edit([before], [{ ...before, speaker }]);
    },
    [edit],
  );

  const renameEverywhere = (from: string, to: string) => {
    const change = renameSpeaker(segments, from, to);
    edit(change.before, change.after);
  };

  // The dialog's renames go out in one request of their own; the renamed segments are then at the answered version.
  const saveSpeakerNames = async (renames: SpeakerRename[]) => {
    const result = await saver.exclusive((base) => voices.rename(base, renames));
    if (result?.ok) {
      const change = renameSpeakers(latest.current, renames);
      doc.saved(change.before, change.after);
      const renamed = new Set(result.data.segments.map((s) => s.position));
      latest.current = latest.current.map((s, i) => (renamed.has(i) ? { ...s, version: result.data.version } : s));
      setSegments(latest.current);
      markFormattedOutdated();
    }
    return result;
  };
  const review = useWordReview({ engine: t.engine, segments, segmentsRef: latest, setSegments, queue, edit, playSpan: playback.playSpan });
  useEditorShortcuts((action: ShortcutAction) => {
    const seekSegment = (i: number) => segments[i] && playback.seek(segments[i].start_ms, playback.playing);
    switch (action) {
      case "play-pause": return playback.toggle();
      case "back-5": return playback.skip(-5000);
      case "forward-5": return playback.skip(5000);
      case "previous-segment": return seekSegment(Math.max(0, activeSegment - 1));
      case "next-segment": return seekSegment(activeSegment + 1);
      case "undo": return editable && void doc.step("undo");
      case "redo": return editable && void doc.step("redo");
      case "find": return find.setOpen(true);
      case "next-uncertain": return review.next();
      case "previous-uncertain": return review.previous();
      case "help": return setHelpOpen(true);
    }
  });

  return (
    <div className="mt-4 flex flex-col gap-4">
      <EditorToolbar
        transcription={t}
        capabilities={capabilities}
        view={view}
        onView={setView}
        editable={editable}
        reading={reading}
        onReading={setReading}
        canUndo={doc.history.done.length > 0}
        canRedo={doc.history.undone.length > 0}
        onStep={(direction) => void doc.step(direction)}
        onFind={() => find.setOpen(true)}
        onSpeakers={() => setSpeakersOpen(true)}
        onHelp={() => setHelpOpen(true)}
        hasFormatted={formatted !== null}
        canShare={canShare}
        save={{ state: saver.state, error: saver.error, retry: () => void saver.flush() }}
      />

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
          onReplaceOne={() => replaceCurrent(find, segments, edit)}
          onReplaceAll={() => replaceEverywhere(find, segments, edit)}
          onClose={() => find.setOpen(false)}
        />
      )}

      <PresenceList others={together.others} segments={segments} trouble={together.trouble} />

      <PlayerBar src={urlOf(transcriptionAudio, { params: { id: t.id } })} playback={playback} />

      <SpeakerNotices speakers={voices.speakers} names={speakers} editable={editable} onAccept={renameEverywhere} onDismiss={voices.dismiss} />

      {view === "raw" ? (
        <>
          <div className="flex flex-wrap items-center gap-4 text-xs text-muted-foreground">
            {!editable && <span>{capabilities.viewer ? VIEWER_NOTE : NOT_IN_PLAN_NOTE}</span>}
            {segments.some((s) => s.words?.some((w) => w.confidence !== undefined)) && (
              <label className="flex items-center gap-1">
                <input type="checkbox" checked={markLowConfidence} onChange={(e) => setMarkLowConfidence(e.target.checked)} />
                Underline words the engine was unsure of
              </label>
            )}
          </div>
          <ol ref={list} className="flex flex-col gap-1" data-testid="transcript">
            {segments.map((s, i) => {
              const found = find.byPosition.get(i);
              return (
                <SegmentRow
                  key={s.id}
                  peerNote={together.notes.get(s.id)}
                  segment={s}
                  position={i}
                  active={i === activeSegment}
                  activeWord={i === activeSegment ? activeWord : -1}
                  reviewWord={review.current?.segment === i ? review.current.word : -1}
                  onUndoReplacement={editable ? review.undoReplacement : undefined}
                  editable={editable}
                  reading={reading}
                  editing={doc.editing === i}
                  caret={doc.editing === i ? doc.caret : undefined}
                  selectTo={doc.editing === i ? doc.selectTo : undefined}
                  unsureBelow={markLowConfidence ? review.threshold : null}
                  matches={found?.matches ?? NO_MATCHES}
                  currentMatch={found && find.current >= found.first && find.current < found.first + found.matches.length ? find.current - found.first : -1}
                  onSeek={playback.seek}
                  onStartEdit={doc.startEdit}
                  onStopEdit={doc.stopEdit}
                  onChangeText={changeText}
                  onCommand={doc.onCommand}
                  speakers={speakers}
                  onSetSpeaker={setSpeaker}
                  first={i === 0}
                  last={i === segments.length - 1}
                />
              );
            })}
          </ol>
          {markLowConfidence && <ReviewBar review={review} segments={segments} editable={editable} onCorrect={doc.startEdit} />}
        </>
      ) : (
        <>
          {!capabilities.viewer && (
            <FormatPanel transcriptionId={t.id} capabilities={capabilities} styles={styles} initialRun={format.run} onFormatted={setFormatted} />
          )}
          <FormattedView formatted={formatted} />
        </>
      )}

      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
      <SpeakersDialog
        open={speakersOpen}
        onOpenChange={setSpeakersOpen}
        names={speakers}
        onSave={saveSpeakerNames}
        detected={voices.speakers?.speakers}
        onSaveProfile={voices.saveProfile}
      />
      <SaveConflicts saver={saver} segments={segments} onResolve={together.resolveConflicts} />
    </div>
  );
}

const NO_MATCHES: never[] = [];
const VIEWER_NOTE = "You are a viewer in this workspace: you can listen, search and export.";
const NOT_IN_PLAN_NOTE = "Editing is not included in your plan; you can listen, search and export.";
