"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { call, detailOr, serverAnswers } from "@/lib/api/client";
import { deleteTranscription } from "@/lib/api/endpoints/transcription";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import { LIVE_CHUNK_MS } from "@/lib/recordings/store/pcm-chunks";
import { formatTimestamp } from "@/lib/text/time-format";
import type { RecordingMode } from "./audio-input";
import { deliverKept } from "./deliver-kept";
import { forgetRecording, heldElsewhere, keptAsWav, keptRecordings, type VaultRecording } from "./recording-vault";

const HELD_RECHECK_MS = 1500;
const DELIVER_RETRY_MS = 10_000;


interface KeptRecordingsProps {
  userId: string;
  /** bumped by the recorder when it leaves a recording here */
  version: number;
  onSaved: (t: ApiTranscription) => void;
  onDiscarded: (id: string) => void;
  /** a recording made offline, to upload as a file */
  onRecorded: (blob: Blob, mode: RecordingMode) => void;
  /** whether a recording waits for the user's choice: none may start meanwhile */
  onWaiting: (waiting: boolean) => void;
}

/**
 * The user's recordings kept on this device that never reached the server whole: one
 * interrupted by a reload, a crash, a closed tab or a restarted browser (finish it, sending
 * what was kept, or discard it), one stopped while offline (finished by itself once the
 * network is back) and one made with no network at all (uploaded as a file once it is back).
 */
export function KeptRecordings({ userId, version, onSaved, onDiscarded, onRecorded, onWaiting }: KeptRecordingsProps) {
  const [kept, setKept] = useState<VaultRecording[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const [confirming, setConfirming] = useState<VaultRecording | null>(null);
  /** some are in use in a tab (or were, a moment ago) */
  const [held, setHeld] = useState(false);
  const delivering = useRef(false);

  const read = useCallback(async () => {
    if (typeof indexedDB === "undefined") return [];
    const all = await keptRecordings(userId).catch(() => []);
    // One still being made in a tab (this one too) is not kept: it is in use.
    const free: VaultRecording[] = [];
    for (const r of all) if (!(await heldElsewhere(r.localId))) free.push(r);
    setKept(free);
    // A page just reloaded or closed lets go of its lock a moment after this one opens, and a
    // recording in another tab may be left there: looked at again while any is held.
    setHeld(all.length > free.length);
    return free;
  }, [userId]);
  useEffect(() => {
    if (!held) return;
    const again = setInterval(() => void read(), HELD_RECHECK_MS);
    return () => clearInterval(again);
  }, [held, read]);

  const finish = useCallback(
    async (r: VaultRecording) => {
      setBusy(r.localId);
      setMessage("");
      try {
        if (!r.serverId) {
          onRecorded(await keptAsWav(r.localId), r.mode);
          await forgetRecording(r.localId);
          return;
        }
        const done = await deliverKept(r);
        if (done.kind === "saved" && done.transcription) onSaved(done.transcription);
        else if (done.kind === "saved") setMessage("Nothing was recorded, so there is nothing to transcribe.");
        else if (done.kind === "gone" || done.kind === "failed") setMessage(done.message);
        else setMessage("You are offline. The recording is finished as soon as the connection is back.");
      } finally {
        setBusy(null);
        await read();
      }
    },
    [onRecorded, onSaved, read],
  );

  // Back online, or on opening the page: what the user already stopped goes by itself.
  const deliverStopped = useCallback(async () => {
    if (delivering.current) return;
    // navigator.onLine says only that some network is there: the server is asked.
    if (!(await serverAnswers())) {
      await read();
      return;
    }
    delivering.current = true;
    try {
      for (const r of await read()) if (r.state === "stopped" || !r.serverId) await finish(r);
    } finally {
      delivering.current = false;
    }
  }, [finish, read]);

  useEffect(() => {
    const online = () => void deliverStopped();
    const first = setTimeout(online, 0);
    window.addEventListener("online", online);
    return () => {
      clearTimeout(first);
      window.removeEventListener("online", online);
    };
  }, [deliverStopped, version]);

  // The "online" event does not come everywhere (or comes while the server is still out of reach): asked again now and then.
  const deliverable = kept.some((r) => !r.serverId || r.state === "stopped");
  useEffect(() => {
    if (!deliverable) return;
    const again = setInterval(() => void deliverStopped(), DELIVER_RETRY_MS);
    return () => clearInterval(again);
  }, [deliverable, deliverStopped]);

  const interrupted = kept.filter((r) => r.serverId && r.state === "recording");
  useEffect(() => onWaiting(interrupted.length > 0), [interrupted.length, onWaiting]);

  const discard = async (r: VaultRecording) => {
    setConfirming(null);
    setBusy(r.localId);
    const result = r.serverId ? await call(deleteTranscription, { params: { id: r.serverId } }) : null;
    setBusy(null);
    if (result && !result.ok && result.status !== 404) {
      setMessage(detailOr(result, "The recording could not be discarded."));
      return;
    }
    await forgetRecording(r.localId);
    if (r.serverId) onDiscarded(r.serverId);
    setMessage("The recording was discarded.");
    await read();
  };

  if (!kept.length && !message) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="kept-recordings">
      {kept.map((r) => {
        const length = formatTimestamp(r.made * LIVE_CHUNK_MS);
        const waiting = r.serverId && r.state === "recording";
        return (
          <div key={r.localId} className="rounded-md border border-border bg-muted/40 p-3 text-sm" role="status">
            <p>
              {waiting
                ? `Recording “${r.title}” was interrupted at ${length}. Finish it to transcribe everything recorded, or discard it.`
                : r.serverId
                  ? `Recording “${r.title}” (${length}) is kept on this device and finished as soon as the connection is back.`
                  : `Recording “${r.title}” (${length}) was made offline and is kept on this device. It is uploaded as soon as the connection is back.`}
            </p>
            <div className="mt-2 flex gap-2">
              {waiting && (
                <Button size="sm" onClick={() => void finish(r)} disabled={busy !== null}>
                  {busy === r.localId ? "Finishing…" : "Finish recording"}
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={() => setConfirming(r)} disabled={busy !== null}>
                Discard
              </Button>
            </div>
          </div>
        );
      })}
      {message && <p className="text-sm text-muted-foreground" role="status">{message}</p>}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Discard this recording?"
        description="Its audio and text are removed for good."
        confirmLabel="Discard"
        onConfirm={() => confirming && void discard(confirming)}
      />
    </div>
  );
}
