"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatBytes, progressLine } from "./upload-progress";
import type { UploadItem } from "./use-uploads";

interface UploadListProps {
  items: UploadItem[];
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
  onResume: (key: string) => void;
  onStartOver: (key: string) => void;
  onSendFirstPart: (key: string) => void;
}

/** Each upload in progress: its stage, what was sent, and what the user can do about it. */
export function UploadList({ items, onCancel, onDismiss, onResume, onStartOver, onSendFirstPart }: UploadListProps) {
  const list = useRef<HTMLUListElement>(null);
  const count = items.length;
  const last = useRef(0);
  // A screen reader hears that an upload started: its own status line appears with it, and a
  // live region only speaks when its text changes.
  const [counted, setCounted] = useState(count);
  const [announced, setAnnounced] = useState("");
  if (count !== counted) {
    setCounted(count);
    if (count > counted) setAnnounced(`Uploading ${items[count - 1].name}.`);
  }
  // The list sits right under the file picker; on a phone the picker may still leave it below
  // the fold, so a new upload's progress (or its refusal) is brought into view at once.
  useEffect(() => {
    if (count > last.current) list.current?.lastElementChild?.scrollIntoView?.({ block: "nearest" });
    last.current = count;
  }, [count]);
  return (
    <div>
      <p className="sr-only" role="status" data-testid="upload-announcement">{announced}</p>
      {count > 0 && (
        <ul ref={list} className="mt-3 flex flex-col gap-3" aria-label="Uploads">
          {items.map((u) => (
            <li key={u.key} className="text-sm" data-testid="upload" data-stage={u.stage}>
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate font-medium">{u.name}</span>
                {u.stage === "refused" ? (
                  <button type="button" className="shrink-0 text-xs underline" onClick={() => onDismiss(u.key)}>Dismiss</button>
                ) : (
                  <button type="button" className="shrink-0 text-xs underline" onClick={() => onCancel(u.key)}>Cancel</button>
                )}
              </div>
              {u.stage === "preparing" && <p className="text-muted-foreground" role="status">Reading the file…</p>}
              {u.stage === "resume-offer" && u.resumable && (
                <div className="mt-1 flex flex-col gap-2" role="status">
                  <p>
                    You started uploading this file before: {formatBytes(u.resumable.offset)} of {formatBytes(u.resumable.size)} arrived.
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => onResume(u.key)}>Resume upload</Button>
                    <Button size="sm" variant="secondary" onClick={() => onStartOver(u.key)}>Start over</Button>
                  </div>
                </div>
              )}
              {u.stage === "refused" && (
                <div className="mt-1 flex flex-col gap-2">
                  <p role="alert" className="text-danger">{u.error}</p>
                  {u.fitOffer && (
                    <div>
                      <Button size="sm" variant="secondary" onClick={() => onSendFirstPart(u.key)}>{u.fitOffer}</Button>
                    </div>
                  )}
                </div>
              )}
              {(u.stage === "sending" || u.stage === "checking") && (
                <>
                  <div
                    className="mt-1 h-2 overflow-hidden rounded-full bg-muted"
                    role="progressbar"
                    aria-label={`Uploading ${u.name}`}
                    aria-valuenow={u.total ? Math.round((u.sent / u.total) * 100) : 0}
                  >
                    <div className="h-full bg-accent transition-[width]" style={{ width: `${u.total ? (u.sent / u.total) * 100 : 0}%` }} />
                  </div>
                  <p className="mt-1 text-xs text-muted-foreground" role="status" data-testid="upload-status">
                    {u.stage === "checking" ? "Checking the audio…" : progressLine(u.sent, u.total, u.speed?.bytesPerSecond ?? null)}
                  </p>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
