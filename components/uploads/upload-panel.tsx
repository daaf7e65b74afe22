"use client";

import { clsx } from "clsx";
import { useRef, useState, type DragEvent } from "react";

const ACCEPTED_AUDIO = "audio/*,video/mp4,video/quicktime,video/webm,.mp3,.wav,.m4a,.aac,.ogg,.opus,.webm,.flac,.mp4,.mov";

/** Drag-and-drop target and file picker. */
export function UploadPanel({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    onFiles([...e.dataTransfer.files]);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={clsx(
        "flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors",
        over ? "border-primary bg-primary/5" : "border-border",
      )}
    >
      <p className="font-medium">Drop audio or video files here</p>
      <p className="text-sm text-muted-foreground">mp3, wav, m4a, ogg, webm, flac, mp4, mov…</p>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED_AUDIO}
        className="sr-only"
        aria-label="Choose audio files"
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = "";
        }}
      />
      <button type="button" onClick={() => input.current?.click()} className="mt-2 rounded-lg border border-border bg-card px-4 py-2 text-sm hover:bg-muted">
        Choose files
      </button>
    </div>
  );
}
