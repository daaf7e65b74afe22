"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { openAudioInput, permissionMessage, type AudioInput, type RecordingMode } from "./audio-input";

export type RecorderState = "idle" | "recording" | "paused";

const MIME_CANDIDATES = ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4"];

/**
 * Recording for plans without live transcription: the microphone, or a tab mixed with it,
 * recorded as a file (MediaRecorder) that is uploaded when it stops; a live level (0..1),
 * pause/resume and elapsed time.
 */
export function useRecorder(onFinished: (blob: Blob, mode: RecordingMode) => void) {
  const [state, setState] = useState<RecorderState>("idle");
  const [level, setLevel] = useState(0);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [error, setError] = useState("");
  const parts = useRef<{
    recorder: MediaRecorder;
    input: AudioInput;
    frame: number;
    timer: ReturnType<typeof setInterval>;
    startedAt: number;
    accumulated: number;
  } | null>(null);

  const release = useCallback(() => {
    const p = parts.current;
    if (!p) return;
    cancelAnimationFrame(p.frame);
    clearInterval(p.timer);
    p.input.close();
    parts.current = null;
    setLevel(0);
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(
    async (mode: RecordingMode) => {
      setError("");
      let input: AudioInput;
      try {
        input = await openAudioInput(mode);
      } catch (e) {
        setError(permissionMessage(e, mode));
        return;
      }
      const mimeType = MIME_CANDIDATES.find((m) => MediaRecorder.isTypeSupported(m));
      const recorder = new MediaRecorder(input.mix.stream, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      recorder.onstop = () => {
        const blob = new Blob(chunks, { type: recorder.mimeType || "audio/webm" });
        release();
        setState("idle");
        onFinished(blob, mode);
      };
      const meter = () => {
        setLevel(input.level());
        if (parts.current) parts.current.frame = requestAnimationFrame(meter);
      };
      const startedAt = Date.now();
      parts.current = {
        recorder, input, startedAt, accumulated: 0,
        frame: requestAnimationFrame(meter),
        timer: setInterval(() => {
          const p = parts.current;
          if (p) setElapsedMs(p.accumulated + (p.recorder.state === "recording" ? Date.now() - p.startedAt : 0));
        }, 250),
      };
      // The user ending the tab share from the browser bar ends the recording too.
      input.onEnded(() => recorder.state !== "inactive" && recorder.stop());
      recorder.start(1000);
      setElapsedMs(0);
      setState("recording");
    },
    [onFinished, release],
  );

  const pause = useCallback(() => {
    const p = parts.current;
    if (!p || p.recorder.state !== "recording") return;
    p.recorder.pause();
    p.accumulated += Date.now() - p.startedAt;
    setState("paused");
  }, []);

  const resume = useCallback(() => {
    const p = parts.current;
    if (!p || p.recorder.state !== "paused") return;
    p.recorder.resume();
    p.startedAt = Date.now();
    setState("recording");
  }, []);

  const stop = useCallback(() => {
    const p = parts.current;
    if (p && p.recorder.state !== "inactive") p.recorder.stop();
  }, []);

  return { state, level, elapsedMs, error, start, pause, resume, stop };
}
