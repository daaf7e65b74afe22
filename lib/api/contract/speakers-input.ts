/** Bodies of /api/voice-profiles, validated by the server with these sentences. */
import { z } from "zod";
import { SpeakerName } from "./transcriptions-input";

// Detectors number a file's speakers from 0; no recording has this many.
const MAX_SPEAKER = 9999;
const SPEAKER_SENTENCE = `Choose the speaker: a whole number from 0 to ${MAX_SPEAKER}.`;

/** `POST /api/voice-profiles`: save a transcript's speaker under a name (the speaker's name, as in the editor). */
export const SaveVoiceProfileBody = z.object({
  transcription_id: z.string({ error: "Say which transcription the speaker is in." }).min(1, "Say which transcription the speaker is in.").max(100, "This transcription does not exist."),
  speaker: z.number({ error: SPEAKER_SENTENCE }).int(SPEAKER_SENTENCE).min(0, SPEAKER_SENTENCE).max(MAX_SPEAKER, SPEAKER_SENTENCE),
  name: SpeakerName,
});
export type SaveVoiceProfileBody = z.infer<typeof SaveVoiceProfileBody>;
