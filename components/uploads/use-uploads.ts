"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { track } from "@/lib/analytics/track";
import type { ApiTranscription, TranscriptionOptions } from "@/lib/api/contract/transcription";
import { discardUpload, startUpload, unfinishedUpload } from "@/lib/uploads/client/upload";
import type { RunningUpload, UnfinishedUpload } from "@/lib/uploads/client/upload-types";
import { nextSpeed, type SpeedSample } from "./upload-progress";
import { mediaDuration, precheckUpload, type UploadLimits } from "./upload-precheck";

/** The caller hears how an upload ended exactly once, whichever way it ends first. */
function once(settled?: (uploaded: boolean) => void): (uploaded: boolean) => void {
  let heard = false;
  return (uploaded) => {
    if (heard) return;
    heard = true;
    settled?.(uploaded);
  };
}

type UploadStage = "preparing" | "resume-offer" | "refused" | "sending" | "checking";

export interface UploadItem {
  key: string;
  name: string;
  stage: UploadStage;
  sent: number;
  total: number;
  speed: SpeedSample | null;
  /** refused before or while sending */
  error?: string;
  /** refused as too long: the offer to transcribe the part that fits ("Transcribe the first 10:00") */
  fitOffer?: string;
  /** an earlier upload of this file the server still holds */
  resumable?: { offset: number; size: number };
}

/** How one file is to be transcribed, as the dashboard's choices said when it was added. */
export interface UploadChoices {
  source: "upload" | "recording";
  language: string | null;
  /** how many people speak; null: detect */
  speakers: number | null;
  /** terms for this upload alone, besides its space's vocabulary */
  vocabulary: readonly string[];
}

interface Pending extends UploadChoices {
  file: Blob;
  running?: RunningUpload;
  previous?: UnfinishedUpload;
  /** hears once whether it became a transcription or was given up */
  settled: (uploaded: boolean) => void;
  fitsSeconds?: number;
}

interface UseUploads {
  items: UploadItem[];
  /** a chosen file or a finished recording: checked, offered to resume, or sent; `settled` hears once whether it became a transcription (true) or was cancelled or dismissed (false) */
  add: (file: Blob, name: string, choices: UploadChoices, settled?: (uploaded: boolean) => void) => void;
  cancel: (key: string) => void;
  dismiss: (key: string) => void;
  resume: (key: string) => void;
  startOver: (key: string) => void;
  sendFirstPart: (key: string) => void;
}

/**
 * The dashboard's uploads, each through its stages: checked against the plan in the browser
 * (size, and the length the file says it has), offered to resume when this file was partly
 * sent before, then sent in acknowledged parts with bytes, speed and time left, then
 * "Checking the audio…" while the server reads it, then handed to the list as a queued transcription.
 * `onRefused` hears of each refused upload: the refusal may rest on a time left that changed
 * meanwhile (another tab, a transcription that ended), and the usage shown should be read again.
 */
export function useUploads(
  limits: UploadLimits,
  route: TranscriptionOptions["upload_route"],
  onCreated: (t: ApiTranscription) => void,
  onRefused: () => void,
): UseUploads {
  const [items, setItems] = useState<UploadItem[]>([]);
  const pending = useRef(new Map<string, Pending>());
  const limitsRef = useRef(limits);
  useEffect(() => {
    limitsRef.current = limits;
  }, [limits]);

  const update = useCallback((key: string, change: Partial<UploadItem> | ((item: UploadItem) => Partial<UploadItem>)) => {
    setItems((list) => list.map((x) => (x.key === key ? { ...x, ...(typeof change === "function" ? change(x) : change) } : x)));
  }, []);
  const drop = useCallback((key: string) => {
    pending.current.get(key)?.settled(false);
    pending.current.delete(key);
    setItems((list) => list.filter((x) => x.key !== key));
  }, []);

  const send = useCallback(
    (key: string, name: string, options: { firstSeconds?: number; resume?: UnfinishedUpload } = {}) => {
      const p = pending.current.get(key);
      if (!p) return;
      update(key, { stage: "sending", error: undefined, fitOffer: undefined, resumable: undefined, sent: options.resume?.offset ?? 0 });
      p.running = startUpload(p.file, {
        filename: name,
        language: p.language,
        vocabulary: p.vocabulary,
        speakers: p.speakers,
        source: p.source,
        firstSeconds: options.firstSeconds,
        resume: options.resume,
        onProgress: (sent, total) => update(key, (x) => ({ sent, total, speed: nextSpeed(x.speed, Date.now(), sent) })),
        onStage: (stage) => update(key, { stage }),
      }, route);
      track("transcription_action", p.source === "upload" ? "upload_started" : "recording_uploaded", { bytes: p.file.size, resumed: Boolean(options.resume) });
      void p.running.promise.then((result) => {
        if (!pending.current.has(key)) return;
        if (result.ok && result.transcription) {
          onCreated(result.transcription);
          pending.current.get(key)?.settled(true);
          drop(key);
        } else {
          track("error", "upload_failed", { message: result.error });
          update(key, { stage: "refused", error: result.error });
          onRefused();
        }
      });
    },
    [drop, onCreated, onRefused, route, update],
  );

  const add = useCallback(
    (file: Blob, name: string, choices: UploadChoices, settled?: (uploaded: boolean) => void) => {
      const key = `${Date.now()}-${Math.random()}`;
      pending.current.set(key, { file, ...choices, settled: once(settled) });
      setItems((list) => [...list, { key, name, stage: "preparing", sent: 0, total: file.size, speed: null }]);
      void (async () => {
        const check = precheckUpload(file.size, await mediaDuration(file), limitsRef.current);
        if (!pending.current.has(key)) return;
        if (!check.ok) {
          const p = pending.current.get(key);
          if (p && "fitsSeconds" in check) p.fitsSeconds = check.fitsSeconds;
          update(key, { stage: "refused", error: check.sentence, fitOffer: "offer" in check ? check.offer : undefined });
          onRefused();
          return;
        }
        const previous = file instanceof File ? await unfinishedUpload(file, route).catch(() => null) : null;
        if (!pending.current.has(key)) return;
        if (previous) {
          pending.current.get(key)!.previous = previous;
          update(key, { stage: "resume-offer", resumable: { offset: previous.offset, size: previous.size } });
        } else send(key, name);
      })();
    },
    [onRefused, route, send, update],
  );

  const nameOf = (key: string) => items.find((x) => x.key === key)?.name ?? "";

  return {
    items,
    add,
    cancel: (key) => {
      pending.current.get(key)?.running?.cancel();
      drop(key);
    },
    dismiss: drop,
    resume: (key) => send(key, nameOf(key), { resume: pending.current.get(key)?.previous }),
    startOver: (key) => {
      const p = pending.current.get(key);
      if (p?.previous && p.file instanceof File) void discardUpload(p.file, p.previous);
      send(key, nameOf(key));
    },
    sendFirstPart: (key) => send(key, nameOf(key), { firstSeconds: pending.current.get(key)?.fitsSeconds }),
  };
}
