"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LIVE_CHUNK_MS } from "@/lib/recordings/store/pcm-chunks";
import { formatTimestamp } from "@/lib/text/time-format";
import type { VaultRecording } from "./recording-vault";
import { useKeptRecordings, type KeptRecording, type KeptRecordingsOptions } from "./use-kept-recordings";

function sentence(r: KeptRecording): string {
  const length = formatTimestamp(r.made * LIVE_CHUNK_MS);
  if (r.serverId && r.state === "recording") return `Recording “${r.title}” was interrupted at ${length}. Finish it to transcribe everything recorded, or discard it.`;
  if (r.serverId) return `Recording “${r.title}” (${length}) is kept on this device and finished as soon as the connection is back.`;
  if (r.uploadRefused) return `Recording “${r.title}” (${length}) was made offline and is kept on this device. Upload it again, or discard it.`;
  return `Recording “${r.title}” (${length}) was made offline and is kept on this device. It is uploaded as soon as the connection is back.`;
}

/**
 * The user's recordings kept on this device that never reached the server whole: one
 * interrupted by a reload, a crash, a closed tab or a restarted browser (finish it, sending
 * what was kept, or discard it), one stopped while offline (finished by itself once the
 * network is back) and one made with no network at all (uploaded as a file once it is back).
 */
export function KeptRecordings(props: KeptRecordingsOptions) {
  const { kept, busy, message, finish, uploadAgain, discard } = useKeptRecordings(props);
  const [confirming, setConfirming] = useState<VaultRecording | null>(null);
  if (!kept.length && !message) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="kept-recordings">
      {kept.map((r) => (
        <div key={r.localId} className="rounded-md border border-border bg-muted/40 p-3 text-sm" role="status">
          <p>{sentence(r)}</p>
          <div className="mt-2 flex gap-2">
            {r.serverId && r.state === "recording" && (
              <Button size="sm" onClick={() => void finish(r)} disabled={busy !== null}>
                {busy === r.localId ? "Finishing…" : "Finish recording"}
              </Button>
            )}
            {r.uploadRefused && (
              <Button size="sm" onClick={() => void uploadAgain(r)} disabled={busy !== null}>
                Upload again
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={() => setConfirming(r)} disabled={busy !== null}>
              Discard
            </Button>
          </div>
        </div>
      ))}
      {message && <p className="text-sm text-muted-foreground" role="status">{message}</p>}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Discard this recording?"
        description="Its audio and text are removed for good."
        confirmLabel="Discard"
        onConfirm={() => {
          if (confirming) void discard(confirming);
          setConfirming(null);
        }}
      />
    </div>
  );
}
