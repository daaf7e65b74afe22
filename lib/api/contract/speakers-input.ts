/** Bodies of /api/voice-profiles and /api/transcriptions/{id}/speakers, validated by the server with these sentences. */
import { z } from "zod";
import { SegmentEdits, SpeakerName } from "./transcriptions-input";

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

// More speakers than any recording has; a bound on what one save asks the database to do.
const MAX_RENAMES = 100;
// Longer than any stored name (SpeakerName allows 60): such a `from` matches no speaker.
const MAX_FROM = 200;
const FROM_SENTENCE = "Say which speaker to rename: their name as the transcript has it.";

/**
 * `PATCH /api/transcriptions/{id}/speakers`: new names for several speakers, applied at once
 * (so two can swap names) if nobody saved since `base_version`.
 */
export const SpeakerRenames = z.object({
  base_version: SegmentEdits.shape.base_version,
  renames: z
    .array(z.object({ from: z.string({ error: FROM_SENTENCE }).min(1, FROM_SENTENCE).max(MAX_FROM, FROM_SENTENCE), to: SpeakerName }), {
      error: "Send the new names as a list of renames.",
    })
    .min(1, "Change at least one name.")
    .max(MAX_RENAMES, `Rename at most ${MAX_RENAMES} speakers in one save.`),
});
export type SpeakerRenames = z.infer<typeof SpeakerRenames>;
