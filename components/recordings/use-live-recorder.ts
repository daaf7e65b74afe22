"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { call, detailOr } from "@/lib/api/client";
import { keepRecordingAlive, sendRecordingChunks, startRecording, stopRecording } from "@/lib/api/endpoints/recordings";
import { deleteTranscription } from "@/lib/api/endpoints/transcription";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import { CONNECTION_LOST, LAST_MINUTE, QUOTA_REACHED } from "@/lib/recordings/recording-texts";
import { LIVE_CHUNK_BYTES, LIVE_CHUNK_MS, MAX_CHUNKS_PER_REQUEST } from "@/lib/recordings/store/pcm-chunks";
import { useLiveText } from "./use-live-text";
import { openAudioInput, permissionMessage, type AudioInput, type RecordingMode } from "./audio-input";

export type LiveRecorderState = "idle" | "starting" | "recording" | "paused" | "stopping";

const WORKLET_URL = "/audio/pcm-capture-worklet.js";
/** While paused, the server is told now and then that the recording is still wanted. */
const KEEPALIVE_MS = 10_000;
/**
 * Chunks go a second at a time (four of 250 ms in one request): a request per chunk cost
 * PostgreSQL about four times the CPU and transactions per recording (`npm run bench:live-db`,
 * docs/deploy.md); live words show at most 0.75 s later for it.
 */
const CHUNKS_PER_SEND = 1000 / LIVE_CHUNK_MS;
/** The last chunks may take this long to get through a bad connection before stopping gives up on them. */
const DRAIN_MS = 20_000;

interface Session {
  id: string;
  allowanceS: number | null;
  input: AudioInput;
  worklet: AudioWorkletNode;
  queue: Uint8Array[];
  /** number of the first chunk in `queue` */
  firstSeq: number;
  paused: boolean;
  ending: boolean;
  wake: (() => void) | null;
  frame: number;
  keepalive: ReturnType<typeof setInterval> | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A live recording: the browser's audio as 16 kHz PCM (an AudioWorklet) sent to the server
 * in numbered 250 ms chunks as it is made — kept and resent until the server has it, so a
 * network blip leaves no gap — and the words the server hears coming back as server-sent
 * events. Stop turns it into a transcription; discard deletes it.
 */
export function useLiveRecorder(onSaved: (t: ApiTranscription) => void) {
  const [state, setState] = useState<LiveRecorderState>("idle");
  const [level, setLevel] = useState(0);
  const [chunks, setChunks] = useState(0);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [saved, setSaved] = useState<ApiTranscription | null>(null);
  /** the recording whose live text is shown: the one being made, or the one just saved */
  const [shownId, setShownId] = useState<string | null>(null);
  const text = useLiveText(shownId);
  const session = useRef<Session | null>(null);

  const releaseInput = useCallback((s: Session) => {
    cancelAnimationFrame(s.frame);
    if (s.keepalive) clearInterval(s.keepalive);
    s.worklet.port.onmessage = null;
    s.input.close();
    setLevel(0);
  }, []);

  /** Sends queued chunks in order until the recording ends and the queue is empty. */
  const sendLoop = useCallback(async (s: Session, stopFor: (why: string) => void) => {
    let backoff = 500;
    while (session.current === s && (!s.ending || s.queue.length)) {
      // Until a second's worth is queued, unless the recording pauses or ends (or no chunk came for a second).
      if (!s.queue.length || (s.queue.length < CHUNKS_PER_SEND && !s.ending && !s.paused)) {
        const waitFor = s.queue.length ? 1000 : null;
        await new Promise<void>((resolve) => {
          s.wake = resolve;
          if (waitFor) setTimeout(resolve, waitFor);
        });
        s.wake = null;
        continue;
      }
      const batch = s.queue.slice(0, MAX_CHUNKS_PER_REQUEST);
      const result = await call(sendRecordingChunks, {
        params: { id: s.id },
        query: { seq: s.firstSeq },
        body: new Blob(batch as BlobPart[], { type: "application/octet-stream" }),
      });
      if (result.ok) {
        s.queue.splice(0, batch.length);
        s.firstSeq += batch.length;
        backoff = 500;
        const left = result.data.remaining_s;
        if (left !== null && left <= 60 && !s.ending) setNotice(LAST_MINUTE);
        continue;
      }
      if (result.status === 0 || result.status >= 500 || result.status === 429) {
        // Offline or the server is busy: the same chunks again, a little later.
        await sleep(backoff);
        backoff = Math.min(5000, backoff * 2);
        continue;
      }
      s.queue.length = 0;
      if (result.body?.reason === "quota") stopFor(result.text);
      else if (result.body?.reason === "ended") stopFor(CONNECTION_LOST);
      else stopFor(detailOr(result, "The recording could not be saved."));
      return;
    }
  }, []);

  const stopInternal = useCallback(
    async (why = "") => {
      const s = session.current;
      if (!s || s.ending) return;
      s.ending = true;
      setState("stopping");
      if (why) setNotice(why);
      releaseInput(s);
      s.wake?.();
      // What is still queued gets its chance to arrive, then the recording becomes a transcription.
      const deadline = Date.now() + DRAIN_MS;
      while (s.queue.length && Date.now() < deadline) await sleep(100);
      const result = await call(stopRecording, { params: { id: s.id } });
      session.current = null;
      setState("idle");
      if (!result.ok) {
        setError(detailOr(result, "The recording could not be stopped."));
        return;
      }
      // The last words may still come in: the live text stays until the server ends its stream.
      if (result.data.transcription) {
        setSaved(result.data.transcription);
        onSaved(result.data.transcription);
      } else {
        setShownId(null);
        setNotice("Nothing was recorded, so there is nothing to transcribe.");
      }
    },
    [onSaved, releaseInput],
  );

  const start = useCallback(
    async (mode: RecordingMode, title: string, language: string | null) => {
      if (session.current) return;
      setError("");
      setNotice("");
      setSaved(null);
      setShownId(null);
      setChunks(0);
      setState("starting");
      let input: AudioInput;
      try {
        input = await openAudioInput(mode);
      } catch (e) {
        setState("idle");
        setError(permissionMessage(e, mode));
        return;
      }
      let worklet: AudioWorkletNode;
      try {
        await input.context.audioWorklet.addModule(WORKLET_URL);
        worklet = new AudioWorkletNode(input.context, "pcm-capture", { numberOfOutputs: 1 });
      } catch {
        input.close();
        setState("idle");
        setError("Recording could not start in this browser.");
        return;
      }
      const created = await call(startRecording, { body: { title, language, mode } });
      if (!created.ok) {
        input.close();
        setState("idle");
        setError(detailOr(created, "The recording could not start."));
        return;
      }
      const { transcription, allowance_s } = created.data;
      const s: Session = {
        id: transcription.id,
        allowanceS: allowance_s,
        input,
        worklet,
        queue: [],
        firstSeq: 0,
        paused: false,
        ending: false,
        wake: null,
        frame: 0,
        keepalive: null,
      };
      session.current = s;
      onSaved(transcription);
      setShownId(s.id);
      // The worklet runs only while its output is pulled: into a silent gain, not the speakers.
      const mute = input.context.createGain();
      mute.gain.value = 0;
      worklet.connect(mute).connect(input.context.destination);
      for (const source of input.sources) source.connect(worklet);
      let made = 0;
      worklet.port.onmessage = (e: MessageEvent<ArrayBuffer>) => {
        if (s.paused || s.ending) return;
        const chunk = new Uint8Array(e.data);
        if (chunk.byteLength !== LIVE_CHUNK_BYTES) return;
        s.queue.push(chunk);
        made++;
        setChunks(made);
        s.wake?.();
        if (s.allowanceS !== null && (made * LIVE_CHUNK_MS) / 1000 >= s.allowanceS) void stopInternal(QUOTA_REACHED);
        else if (s.allowanceS !== null && s.allowanceS - (made * LIVE_CHUNK_MS) / 1000 <= 60) setNotice(LAST_MINUTE);
      };
      const meter = () => {
        setLevel(input.level());
        if (session.current === s && !s.ending) s.frame = requestAnimationFrame(meter);
      };
      s.frame = requestAnimationFrame(meter);
      input.onEnded(() => void stopInternal());
      setState("recording");
      void sendLoop(s, (why) => void stopInternal(why));
    },
    [onSaved, sendLoop, stopInternal],
  );

  const pause = useCallback(() => {
    const s = session.current;
    if (!s || s.paused || s.ending) return;
    s.paused = true;
    // What was made before the pause goes now.
    s.wake?.();
    s.keepalive = setInterval(() => void call(keepRecordingAlive, { params: { id: s.id } }), KEEPALIVE_MS);
    setState("paused");
  }, []);

  const resume = useCallback(() => {
    const s = session.current;
    if (!s || !s.paused || s.ending) return;
    s.paused = false;
    if (s.keepalive) clearInterval(s.keepalive);
    s.keepalive = null;
    setState("recording");
  }, []);

  const stop = useCallback(() => void stopInternal(), [stopInternal]);

  const discard = useCallback(async () => {
    const s = session.current;
    if (!s) return;
    s.ending = true;
    releaseInput(s);
    session.current = null;
    setShownId(null);
    s.wake?.();
    const result = await call(deleteTranscription, { params: { id: s.id } });
    setState("idle");
    setNotice(result.ok ? "The recording was discarded." : "");
    if (!result.ok) setError(detailOr(result, "The recording could not be discarded."));
    return s.id;
  }, [releaseInput]);

  // Closing or reloading the tab: what the server has becomes a transcription at once.
  useEffect(() => {
    const leave = () => {
      const s = session.current;
      if (s && !s.ending) void call(stopRecording, { params: { id: s.id }, keepalive: true });
    };
    window.addEventListener("pagehide", leave);
    return () => window.removeEventListener("pagehide", leave);
  }, []);

  return {
    state,
    level,
    elapsedMs: chunks * LIVE_CHUNK_MS,
    error,
    notice,
    text,
    saved,
    start,
    pause,
    resume,
    stop,
    discard,
  };
}
