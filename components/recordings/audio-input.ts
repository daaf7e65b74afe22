"use client";

export type RecordingMode = "mic" | "tab-mic";

/**
 * A recording to upload as a file. `settled` hears whether it became a transcription (true)
 * or was given up (false: refused and dismissed, or cancelled): a recording kept on the device
 * is let go only once it is uploaded.
 */
export type UploadRecording = (blob: Blob, mode: RecordingMode, settled?: (uploaded: boolean) => void) => void;

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

/** The microphone, or a browser tab's audio mixed with it, as one Web Audio graph. */
export interface AudioInput {
  context: AudioContext;
  /** every source, mixed: connect recorders and processors here */
  sources: MediaStreamAudioSourceNode[];
  /** the mix as a stream (for MediaRecorder) */
  mix: MediaStreamAudioDestinationNode;
  /** 0..1 peak level now, for the meter */
  level(): number;
  /** calls back when the user ends the share or unplugs the microphone */
  onEnded(callback: () => void): void;
  close(): void;
}

/** Asks for the devices; throws the browser's error (see permissionMessage) when refused. */
export async function openAudioInput(mode: RecordingMode): Promise<AudioInput> {
  const streams: MediaStream[] = [];
  try {
    streams.push(await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } }));
    if (mode === "tab-mic") {
      const tab = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
      streams.push(tab);
      if (!tab.getAudioTracks().length) throw Object.assign(new Error("no tab audio"), { name: "NoTabAudio" });
    }
  } catch (error) {
    for (const s of streams) for (const t of s.getTracks()) t.stop();
    throw error;
  }
  const context = new AudioContext();
  const mix = context.createMediaStreamDestination();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  const sources = streams
    .filter((s) => s.getAudioTracks().length)
    .map((s) => {
      const source = context.createMediaStreamSource(new MediaStream(s.getAudioTracks()));
      source.connect(mix);
      source.connect(analyser);
      return source;
    });
  const samples = new Uint8Array(analyser.fftSize);
  return {
    context,
    sources,
    mix,
    level() {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const v of samples) peak = Math.max(peak, Math.abs(v - 128) / 128);
      return peak;
    },
    onEnded(callback) {
      // A page closing or reloading ends its tracks too: that is not the user ending the share,
      // and the recording is left interrupted, finished from the next page with what it kept.
      let leaving = false;
      window.addEventListener("pagehide", () => (leaving = true));
      window.addEventListener("pageshow", () => (leaving = false));
      const ended = () => {
        if (!leaving) callback();
      };
      for (const s of streams) for (const t of s.getTracks()) t.addEventListener("ended", ended);
    },
    close() {
      for (const s of streams) for (const t of s.getTracks()) t.stop();
      void context.close();
    },
  };
}

const EXTENSIONS: Record<string, string> = { "audio/webm": "webm", "audio/ogg": "ogg", "audio/mp4": "m4a", "audio/wav": "wav" };

/** A finished recording's file name: what it is, when it was made (no characters a file system refuses) and its format's extension. */
export function recordingFileName(blob: Blob, mode: RecordingMode, at = new Date()): string {
  const stamp = at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }).replace(/[/:]/g, "-");
  const ext = EXTENSIONS[blob.type.split(";")[0]] ?? "webm";
  return `${mode === "tab-mic" ? "Call recording" : "Recording"} ${stamp}.${ext}`;
}
