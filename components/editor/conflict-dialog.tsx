"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { formatTimestamp } from "@/lib/text/time-format";
import type { ApiSegment } from "@/lib/api/contract/transcription";
import type { SegmentChange } from "./use-segment-saver";

interface ConflictDialogProps {
  open: boolean;
  message: string;
  unsaved(): ({ position: number } & SegmentChange)[];
  /** texts of segments merged away by a teammate before they were saved */
  lost(): string[];
  segments: ApiSegment[];
}

/**
 * The transcript changed in a way a save cannot follow (another tab saved by positions, a
 * segment being edited was merged away, the transcript was made again). Reloading shows it
 * as it is; the text typed here is offered for copying first, so reloading never loses it silently.
 */
export function ConflictDialog({ open, message, unsaved, lost, segments }: ConflictDialogProps) {
  const [copied, setCopied] = useState(false);
  const mine = [
    ...lost(),
    ...unsaved()
      .filter((c) => c.text !== undefined)
      .map((c) => `[${formatTimestamp(segments[c.position]?.start_ms ?? 0)}] ${c.text}`),
  ].join("\n");

  return (
    <Modal open={open} onOpenChange={() => undefined} title="This transcript changed elsewhere" description={message}>
      {mine && (
        <>
          <p className="text-sm">Your changes that were not saved:</p>
          <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-2 text-sm" data-testid="unsaved-text">{mine}</pre>
        </>
      )}
      <div className="mt-4 flex justify-end gap-2">
        {mine && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => void navigator.clipboard.writeText(mine).then(() => setCopied(true), () => setCopied(false))}
          >
            {copied ? "Copied" : "Copy my changes"}
          </Button>
        )}
        <Button type="button" onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </Modal>
  );
}
