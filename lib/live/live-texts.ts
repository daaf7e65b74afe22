/** The sentences of live recording, shared by the server and the recording panel (pure strings). */
export const RECORDING_ENDED = "This recording has ended.";
export const SERVER_FULL =
  "Live transcription is at capacity on this server right now. Your recording is saved as you speak and transcribed when you stop.";
export const QUOTA_REACHED = "Your plan's transcription time has run out, so the recording stopped. What you recorded is saved and transcribed.";
/** Said one minute before the plan's time runs out. */
export const LAST_MINUTE = "Less than a minute of transcription time is left on your plan. The recording stops by itself when it runs out.";
