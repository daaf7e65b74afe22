"use client";

import type { ApiTranscription } from "@/lib/api/contract/transcription";
import type { EditorCapabilities } from "@/lib/editor/capabilities";
import { Button } from "@/components/ui/button";
import { ShareButton } from "@/components/sharing/share-button";
import { ExportMenu } from "./export-menu";
import { SaveStatus } from "./save-status";
import type { SaveState } from "./use-segment-saver";

interface EditorToolbarProps {
  transcription: ApiTranscription;
  capabilities: EditorCapabilities;
  view: "raw" | "formatted";
  onView(view: "raw" | "formatted"): void;
  editable: boolean;
  reading: boolean;
  onReading(reading: boolean): void;
  canUndo: boolean;
  canRedo: boolean;
  onStep(direction: "undo" | "redo"): void;
  onFind(): void;
  onSpeakers(): void;
  onHelp(): void;
  hasFormatted: boolean;
  canShare: boolean;
  save: { state: SaveState; error: string; retry(): void };
}

/** The transcript's tools: the version shown, find and replace, undo and redo, speakers, reading or editing on phones, export, share, shortcuts, and the save state. */
export function EditorToolbar(p: EditorToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Transcript tools">
      <div className="flex rounded-lg border border-border p-0.5" role="tablist" aria-label="Version">
        {(["raw", "formatted"] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={p.view === v}
            onClick={() => p.onView(v)}
            className={`rounded-md px-3 py-1 text-sm ${p.view === v ? "bg-accent text-accent-foreground" : "hover:bg-muted"}`}
          >
            {v === "raw" ? "Transcript" : "Formatted"}
          </button>
        ))}
      </div>
      <Button type="button" size="sm" variant="secondary" onClick={p.onFind}>Find{p.editable ? " & replace" : ""}</Button>
      {p.editable && (
        <>
          <Button type="button" size="sm" variant="ghost" onClick={() => p.onStep("undo")} disabled={!p.canUndo}>Undo</Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => p.onStep("redo")} disabled={!p.canRedo}>Redo</Button>
          <Button type="button" size="sm" variant="ghost" onClick={p.onSpeakers}>Speakers</Button>
          {/* Small screens read by default (a tap plays from the word); editing is asked for. */}
          <Button type="button" size="sm" variant={p.reading ? "secondary" : "ghost"} className="sm:hidden" aria-pressed={!p.reading} onClick={() => p.onReading(!p.reading)}>
            {p.reading ? "Edit text" : "Done editing"}
          </Button>
        </>
      )}
      <ExportMenu transcriptionId={p.transcription.id} title={p.transcription.title} capabilities={p.capabilities} hasFormatted={p.hasFormatted} />
      {p.canShare && <ShareButton transcriptionId={p.transcription.id} />}
      <Button type="button" size="sm" variant="ghost" onClick={p.onHelp} aria-label="Keyboard shortcuts">⌨ Shortcuts</Button>
      <span className="ml-auto">
        <SaveStatus state={p.save.state} error={p.save.error} onRetry={p.save.retry} />
      </span>
    </div>
  );
}
