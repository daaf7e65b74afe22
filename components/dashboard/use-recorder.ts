"use client";

import { useCallback, useEffect, useRef, useState } from "react";

export type RecordingMode = "mic" | "tab-mic";
export type RecorderState = "idle" | "recording" | "paused";

const MIME_CANDIDATES = ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4"];

/** What a refused or missing device means, in words. */
export function permissionMessage(error: unknown, mode: RecordingMode): string {
  const name = (error as { name?: string })?.name;
  if (name === "NotAllowedError" || name === "SecurityError") {
    return mode === "tab-mic"
      ? "Recording needs permission to use your microphone and to share a tab with its audio. Allow both in your browser and try again."
      : "Recording needs permission to use your microphone. Allow it in your browser's address bar and try again.";
  }
  if (name === "NotFoundError" || name === "OverconstrainedError") return "No microphone was found. Connect one and try again.";
  if (name === "NotReadableError") return "Your microphone is in use by another application.";
  if (name === "NoTabAudio") return "The shared tab has no audio. Share a tab and tick “Share tab audio”.";
  return "Recording could not start in this browser.";
}

/**
 * Microphone recording, or a browser tab's audio mixed with the microphone (calls, videos),
 * with a live level (0..1), pause/resume and elapsed time.
 */
export function useRecorder(onFinished: (blob: Blob, mode: RecordingMode) => void) {
  const [state, setState] = useState<RecorderState>("idle");
  const [level, setLevel] = useState(0);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [error, setError] = useState("");
  const parts = useRef<{
    recorder: MediaRecorder;
    streams: MediaStream[];
    context: AudioContext;
    frame: number;
    timer: ReturnType<typeof setInterval>;
    startedAt: number;
    accumulated: number;
    mode: RecordingMode;
  } | null>(null);

  const release = useCallback(() => {
    const p = parts.current;
    if (!p) return;
    cancelAnimationFrame(p.frame);
    clearInterval(p.timer);
    for (const s of p.streams) for (const track of s.getTracks()) track.stop();
    void p.context.close();
    parts.current = null;
    setLevel(0);
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(
    async (mode: RecordingMode) => {
      setError("");
      const streams: MediaStream[] = [];
      try {
        const mic = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
        streams.push(mic);
        if (mode === "tab-mic") {
          const tab = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
          streams.push(tab);
          if (!tab.getAudioTracks().length) throw Object.assign(new Error("no tab audio"), { name: "NoTabAudio" });
        }
      } catch (e) {
        for (const s of streams) for (const t of s.getTracks()) t.stop();
        setError(permissionMessage(e, mode));
        return;
      }
      const context = new AudioContext();
      const mix = context.createMediaStreamDestination();
      const analyser = context.createAnalyser();
      analyser.fftSize = 512;
      for (const s of streams) {
        if (!s.getAudioTracks().length) continue;
        const source = context.createMediaStreamSource(new MediaStream(s.getAudioTracks()));
        source.connect(mix);
        source.connect(analyser);
      }
      const mimeType = MIME_CANDIDATES.find((m) => MediaRecorder.isTypeSupported(m));
      const recorder = new MediaRecorder(mix.stream, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      recorder.onstop = () => {
        const blob = new Blob(chunks, { type: recorder.mimeType || "audio/webm" });
        release();
        setState("idle");
        onFinished(blob, mode);
      };
      const samples = new Uint8Array(analyser.fftSize);
      const meter = () => {
        analyser.getByteTimeDomainData(samples);
        let peak = 0;
        for (const v of samples) peak = Math.max(peak, Math.abs(v - 128) / 128);
        setLevel(peak);
        if (parts.current) parts.current.frame = requestAnimationFrame(meter);
      };
      const startedAt = Date.now();
      parts.current = {
        recorder, streams, context, mode, startedAt, accumulated: 0,
        frame: requestAnimationFrame(meter),
        timer: setInterval(() => {
          const p = parts.current;
          if (p) setElapsedMs(p.accumulated + (p.recorder.state === "recording" ? Date.now() - p.startedAt : 0));
        }, 250),
      };
      // The user ending the tab share from the browser bar ends the recording too.
      for (const s of streams) for (const t of s.getTracks()) t.addEventListener("ended", () => recorder.state !== "inactive" && recorder.stop());
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
