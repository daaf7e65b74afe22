"use client";

import { useEffect, useState } from "react";
import type * as z from "zod/mini";
import { urlOf } from "@/lib/api/client";
import { ApiUtterance, LiveEnd, LivePending, LiveState } from "@/lib/api/contract/recordings";
import { recordingEvents } from "@/lib/api/endpoints/recordings";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import { eventData } from "@/lib/api/event-data";

export interface LiveText {
  utterances: ApiUtterance[];
  /** words still being decided ("" for none) */
  pending: string;
  /** a worker transcribes it live; when not, why */
  live: boolean;
  notLiveReason: string | null;
  /** the server is done with the live text (the full transcript has it, or it was stopped and heard) */
  ended: boolean;
  /** the transcription's status when it ended: "done" once the full transcript is stored, "failed" when it could not be made */
  endStatus: ApiTranscription["status"] | null;
  /** the full-quality pass failed, so the live text became the transcript */
  liveKept: boolean;
}

const EMPTY: LiveText = { utterances: [], pending: "", live: true, notLiveReason: null, ended: false, endStatus: null, liveKept: false };

const parsed = <T>(schema: z.ZodMiniType<T>, e: Event): T | null => eventData(schema, (e as MessageEvent<unknown>).data);

/** The live text of a recording, from its server-sent events (recordingEvents), while the server has it. */
export function useLiveText(id: string | null): LiveText {
  const [text, setText] = useState<LiveText & { id: string | null }>({ ...EMPTY, id });
  if (text.id !== id) setText({ ...EMPTY, id });
  useEffect(() => {
    if (!id) return;
    const events = new EventSource(urlOf(recordingEvents, { params: { id } }));
    events.addEventListener("utterance", (e) => {
      const u = parsed(ApiUtterance, e);
      // The words still changing were this utterance's draft: they go as it arrives (a newer draft follows it).
      if (u) setText((t) => (t.id !== id || t.utterances.some((x) => x.idx === u.idx) ? t : { ...t, utterances: [...t.utterances, u], pending: "" }));
    });
    events.addEventListener("pending", (e) => {
      const p = parsed(LivePending, e);
      if (p) setText((t) => (t.id === id ? { ...t, pending: p.text } : t));
    });
    events.addEventListener("state", (e) => {
      const s = parsed(LiveState, e);
      if (s) setText((t) => (t.id === id ? { ...t, live: s.live, notLiveReason: s.not_live_reason } : t));
    });
    events.addEventListener("end", (e) => {
      events.close();
      const end = parsed(LiveEnd, e);
      setText((t) => (t.id === id ? { ...t, pending: "", ended: true, endStatus: end?.status ?? null, liveKept: end?.live_kept ?? false } : t));
    });
    return () => events.close();
  }, [id]);
  return text;
}
