"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { call, detailOr, serverAnswers } from "@/lib/api/client";
import { deleteTranscription, getTranscription } from "@/lib/api/endpoints/transcription";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import type { UploadRecording } from "./audio-input";
import { deliverKept } from "./deliver-kept";
import { forgetRecording, holdRecording, inUse, keptAsWav, keptRecording, keptRecordings, type VaultRecording } from "./recording-vault";

const HELD_RECHECK_MS = 1500;
const DELIVER_RETRY_MS = 10_000;

export interface KeptRecording extends VaultRecording {
  /** made offline, and its upload was refused or given up: it waits for the user */
  uploadRefused: boolean;
}

export interface KeptRecordingsOptions {
  userId: string;
  /** the workspace the dashboard shows; null: the personal space */
  spaceId: string | null;
  /** bumped by the recorder when it leaves a recording here */
  version: number;
  onSaved: (t: ApiTranscription) => void;
  onDiscarded: (id: string) => void;
  /** a recording made offline, to upload as a file */
  onRecorded: UploadRecording;
  /** whether a recording waits for the user's choice: none may start meanwhile */
  onWaiting: (waiting: boolean) => void;
}

/**
 * The user's recordings kept on this device, and what happens to them. Each is taken with
 * holdRecording (a Web Lock) and read again before it is finished, uploaded or discarded, so
 * two tabs never send one twice. One made offline is uploaded only into the space it was
 * made in, and let go only once its upload became a transcription.
 */
export function useKeptRecordings({ userId, spaceId, version, onSaved, onDiscarded, onRecorded, onWaiting }: KeptRecordingsOptions) {
  const [kept, setKept] = useState<KeptRecording[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  /** some are in use in a tab (or were, a moment ago) */
  const [held, setHeld] = useState(false);
  const delivering = useRef(false);
  const refused = useRef(new Set<string>());
  /** the holds this page took: let go when the dashboard goes */
  const holds = useRef(new Map<string, () => void>());

  const read = useCallback(async () => {
    if (typeof indexedDB === "undefined") return [];
    const all = (await keptRecordings(userId).catch(() => [])).filter((r) => r.serverId !== null || (r.spaceId ?? null) === spaceId);
    // One still being made, finished or uploaded in a tab (this one too) is not offered: it is in use.
    const free: KeptRecording[] = [];
    for (const r of all) if (!(await inUse(r.localId))) free.push({ ...r, uploadRefused: refused.current.has(r.localId) });
    setKept(free);
    // A page just reloaded or closed lets go of its lock a moment after this one opens: looked at again while any is held.
    setHeld(all.length > free.length);
    return free;
  }, [spaceId, userId]);
  useEffect(() => {
    if (!held) return;
    const again = setInterval(() => void read(), HELD_RECHECK_MS);
    return () => clearInterval(again);
  }, [held, read]);

  const take = useCallback(async (localId: string) => {
    const release = await holdRecording(localId);
    if (!release) return null;
    holds.current.set(localId, release);
    return () => {
      holds.current.delete(localId);
      release();
    };
  }, []);
  useEffect(() => {
    const mine = holds.current;
    return () => mine.forEach((release) => release());
  }, []);

  const finish = useCallback(
    async (r: VaultRecording) => {
      const release = await take(r.localId);
      if (!release) return void (await read());
      let uploading = false;
      setBusy(r.localId);
      setMessage("");
      try {
        // Another tab may have finished it before this one took it.
        const now = await keptRecording(r.localId);
        if (!now) return;
        if (!now.serverId) {
          const wav = await keptAsWav(now.localId);
          const settled = async (uploaded: boolean) => {
            if (uploaded) await forgetRecording(now.localId).catch(() => undefined);
            else refused.current.add(now.localId);
            release();
            await read();
          };
          onRecorded(wav, now.mode, (uploaded) => void settled(uploaded));
          uploading = true;
          return;
        }
        const done = await deliverKept(now);
        if (done.kind === "saved" && done.transcription) onSaved(done.transcription);
        else if (done.kind === "saved") setMessage("Nothing was recorded, so there is nothing to transcribe.");
        else if (done.kind === "gone" || done.kind === "failed") setMessage(done.message);
        else setMessage("You are offline. The recording is finished as soon as the connection is back.");
      } finally {
        if (!uploading) release();
        setBusy(null);
        await read();
      }
    },
    [onRecorded, onSaved, read, take],
  );

  const uploadAgain = useCallback(
    (r: VaultRecording) => {
      refused.current.delete(r.localId);
      return finish(r);
    },
    [finish],
  );

  // Back online, or on opening the page: what the user already stopped goes by itself.
  const deliverStopped = useCallback(async () => {
    if (delivering.current) return;
    // navigator.onLine says only that some network is there: the server is asked.
    if (!(await serverAnswers())) return void (await read());
    delivering.current = true;
    try {
      for (const r of await read()) if (r.state === "stopped" || (!r.serverId && !r.uploadRefused)) await finish(r);
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
  const deliverable = kept.some((r) => r.state === "stopped" || (!r.serverId && !r.uploadRefused));
  useEffect(() => {
    if (!deliverable) return;
    const again = setInterval(() => void deliverStopped(), DELIVER_RETRY_MS);
    return () => clearInterval(again);
  }, [deliverable, deliverStopped]);

  // Until one the server holds open is finished or discarded, no new recording starts: starting
  // one ends the user's open recording on the server, and what this device kept could not follow.
  const waiting = kept.some((r) => r.serverId !== null);
  useEffect(() => onWaiting(waiting), [waiting, onWaiting]);

  const discard = useCallback(
    async (r: VaultRecording) => {
      const release = await take(r.localId);
      if (!release) return void (await read());
      setBusy(r.localId);
      try {
        if (r.serverId) {
          // Finished meanwhile (in another tab, or by the server after a day), it is a transcription now and stays.
          const now = await call(getTranscription, { params: { id: r.serverId } });
          if (!now.ok && now.status !== 404) return setMessage(detailOr(now, "The recording could not be discarded."));
          if (now.ok && now.data.status === "recording") {
            const removed = await call(deleteTranscription, { params: { id: r.serverId } });
            if (!removed.ok && removed.status !== 404) return setMessage(detailOr(removed, "The recording could not be discarded."));
            onDiscarded(r.serverId);
          }
        }
        await forgetRecording(r.localId);
        setMessage("The recording was discarded.");
      } finally {
        release();
        setBusy(null);
        await read();
      }
    },
    [onDiscarded, read, take],
  );

  return { kept, busy, message, finish, uploadAgain, discard };
}
