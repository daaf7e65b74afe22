"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { call, detailOr } from "@/lib/api/client";
import { keepRecordingAlive, startRecording, stopRecording } from "@/lib/api/endpoints/recordings";
import { deleteTranscription } from "@/lib/api/endpoints/transcription";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import { KEPT_UNTIL_ONLINE, LAST_MINUTE, QUOTA_REACHED } from "@/lib/recordings/recording-texts";
import { LIVE_CHUNK_BYTES, LIVE_CHUNK_MS } from "@/lib/recordings/store/pcm-chunks";
import { useLiveText } from "./use-live-text";
import { openAudioInput, permissionMessage, type AudioInput, type RecordingMode } from "./audio-input";
import { inVault, sendChunks, sleep, type Session } from "./live-session";
import { forgetRecording, holdRecording, keepChunk, rememberRecording, updateRecording } from "./recording-vault";
import { holdScreenAwake } from "./screen-wake-lock";

export type LiveRecorderState = "idle" | "starting" | "recording" | "paused" | "stopping";

const WORKLET_URL = "/audio/pcm-capture-worklet.js";
/** While paused, the server is told now and then that the recording is still wanted. */
const KEEPALIVE_MS = 10_000;
/** The last chunks may take this long to get through a bad connection before stopping gives up on them. */
const DRAIN_MS = 20_000;

/**
 * A live recording: the browser's audio as 16 kHz PCM (an AudioWorklet) sent to the server
 * in numbered 250 ms chunks as it is made — kept and resent until the server has it, so a
 * network blip leaves no gap — and the words the server hears coming back as server-sent
 * events. Stop turns it into a transcription; discard deletes it.
 */
export function useLiveRecorder(userId: string, spaceId: string | null, onSaved: (t: ApiTranscription) => void, onKept: () => void) {
  const [state, setState] = useState<LiveRecorderState>("idle");
  const [level, setLevel] = useState(0);
  const [chunks, setChunks] = useState(0);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  /** the last request could not reach the server: the recording goes on, kept on this device */
  const [offline, setOffline] = useState(false);
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
    s.releaseWake();
    setLevel(0);
  }, []);

  const sendLoop = useCallback(
    (s: Session, id: string, stopFor: (why: string) => void) =>
      sendChunks(s, id, {
        current: () => session.current === s,
        reached: (remainingS) => {
          setOffline(false);
          if (remainingS !== null && remainingS <= 60 && !s.ending) setNotice(LAST_MINUTE);
        },
        unreachable: () => setOffline(true),
        stopFor,
      }),
    [],
  );

  /** After stop: what is queued gets its chance to arrive, then the recording becomes a transcription, or stays on this device until the network is back. */
  const settle = useCallback(
    async (s: Session) => {
      // The kept recordings (./kept-recordings.tsx) finish or upload it once the server answers.
      const keep = async () => {
        inVault(s, () => updateRecording(s.localId, { state: "stopped" }));
        await s.vaultOps;
        s.releaseHold();
        session.current = null;
        setState("idle");
        setNotice(KEPT_UNTIL_ONLINE);
        onKept();
      };
      if (!s.id) return keep();
      const deadline = Date.now() + DRAIN_MS;
      while (s.queue.length && Date.now() < deadline) await sleep(100);
      if (s.queue.length) return keep();
      const result = await call(stopRecording, { params: { id: s.id } });
      if (!result.ok && result.status === 0) return keep();
      session.current = null;
      setState("idle");
      setOffline(false);
      if (!result.ok) {
        setError(detailOr(result, "The recording could not be stopped."));
        return;
      }
      inVault(s, () => forgetRecording(s.localId));
      // The last words may still come in: the live text stays until the server ends its stream.
      if (result.data.transcription) {
        setSaved(result.data.transcription);
        onSaved(result.data.transcription);
      } else {
        setShownId(null);
        setNotice("Nothing was recorded, so there is nothing to transcribe.");
      }
    },
    [onKept, onSaved],
  );

  const stopInternal = useCallback(
    async (why = "") => {
      const s = session.current;
      if (!s || s.ending) return;
      s.ending = true;
      setState("stopping");
      if (why) setNotice(why);
      releaseInput(s);
      s.wake?.();
      try {
        await settle(s);
      } finally {
        void s.vaultOps.then(s.releaseHold);
      }
    },
    [releaseInput, settle],
  );

  const start = useCallback(
    async (mode: RecordingMode, title: string, language: string | null, vocabulary: readonly string[] = []) => {
      if (session.current) return;
      setError("");
      setNotice("");
      setSaved(null);
      setShownId(null);
      setChunks(0);
      setOffline(false);
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
      const created = await call(startRecording, { body: { title, language, mode, ...(vocabulary.length ? { vocabulary: [...vocabulary] } : {}) } });
      // With no network at all it records on this device, and is uploaded as a file once stopped and online.
      const startedOffline = !created.ok && created.status === 0;
      if (!created.ok && !startedOffline) {
        input.close();
        setState("idle");
        setError(detailOr(created, "The recording could not start."));
        return;
      }
      const transcription = created.ok ? created.data.transcription : null;
      const localId = crypto.randomUUID();
      // A new name: no other page can hold it.
      const releaseHold = (await holdRecording(localId)) ?? (() => {});
      const releaseWake = holdScreenAwake();
      const s: Session = {
        id: transcription?.id ?? null,
        localId,
        allowanceS: created.ok ? created.data.allowance_s : null,
        input,
        worklet,
        queue: [],
        firstSeq: 0,
        paused: false,
        ending: false,
        wake: null,
        frame: 0,
        keepalive: null,
        vaultOps: rememberRecording({ localId, userId, spaceId, serverId: transcription?.id ?? null, title, mode, startedAt: Date.now(), made: 0, state: "recording" }).catch(() => undefined),
        releaseWake,
        releaseHold,
      };
      session.current = s;
      if (transcription) {
        onSaved(transcription);
        setShownId(transcription.id);
      } else setOffline(true);
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
        const seq = made;
        inVault(s, () => keepChunk(s.localId, seq, chunk));
        if (s.id) s.queue.push(chunk);
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
      if (s.id) void sendLoop(s, s.id, (why) => void stopInternal(why));
    },
    [onSaved, sendLoop, spaceId, stopInternal, userId],
  );

  const pause = useCallback(() => {
    const s = session.current;
    if (!s || s.paused || s.ending) return;
    s.paused = true;
    // What was made before the pause goes now.
    s.wake?.();
    const id = s.id;
    if (id) s.keepalive = setInterval(() => void call(keepRecordingAlive, { params: { id } }), KEEPALIVE_MS);
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
    setOffline(false);
    s.wake?.();
    const result = s.id ? await call(deleteTranscription, { params: { id: s.id } }) : null;
    setState("idle");
    // Not deleted on the server: it stays on this device, offered as interrupted.
    if (result && !result.ok) {
      void s.vaultOps.then(s.releaseHold);
      setError(detailOr(result, "The recording could not be discarded."));
      return null;
    }
    inVault(s, () => forgetRecording(s.localId));
    void s.vaultOps.then(s.releaseHold);
    setNotice("The recording was discarded.");
    return s.id;
  }, [releaseInput]);

  // No stop on leaving the page: a reload, a crash or a closed tab leaves the recording
  // interrupted on the server and its unsent audio in the vault, and the page offers to finish it.
  // Leaving the dashboard within the app does the same: the microphone is let go.
  useEffect(
    () => () => {
      const s = session.current;
      if (!s) return;
      session.current = null;
      s.ending = true;
      releaseInput(s);
      s.wake?.();
      void s.vaultOps.then(s.releaseHold);
    },
    [releaseInput],
  );

  return {
    state,
    level,
    elapsedMs: chunks * LIVE_CHUNK_MS,
    error,
    notice,
    offline,
    text,
    saved,
    start,
    pause,
    resume,
    stop,
    discard,
  };
}
