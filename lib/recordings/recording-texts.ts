import { PACE_BURST_S } from "@/lib/recordings/store/pcm-chunks";

/** The sentences of live recording, shared by the server and the recording panel (pure strings). */
export const RECORDING_ENDED = "This recording has ended.";
export const ALREADY_RECORDING = "You are already starting a recording in another tab. Stop that one first.";
export const SERVER_FULL =
  "Live transcription is at capacity on this server right now. Your recording is saved as you speak and transcribed when you stop.";
export const QUOTA_REACHED = "Your plan's transcription time has run out, so the recording stopped. What you recorded is saved and transcribed.";
/** Audio of a live recording sent faster than it is made. */
export const TOO_FAST = `Audio is arriving faster than it can be recorded: a live recording may run at most ${PACE_BURST_S / 60} minutes ahead of real time. Send this part again in a few seconds.`;
/** Said one minute before the plan's time runs out. */
export const LAST_MINUTE = "Less than a minute of transcription time is left on your plan. The recording stops by itself when it runs out.";
/** The server stopped the recording (nothing arrived for a while) while the browser was still recording. */
export const CONNECTION_LOST =
  "No audio reached the server for a while (a lost connection, or a long pause), so the recording was saved as it was. Start a new recording to go on.";
/** The panel while the network is gone: the recording goes on. */
export const OFFLINE_RECORDING = "Offline: still recording. The audio is kept on this device and sent when the connection is back.";
/** Stopped while the network is gone: nothing is lost. */
export const KEPT_UNTIL_ONLINE = "You are offline. The recording is kept on this device and finished as soon as the connection is back.";
