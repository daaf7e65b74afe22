/**
 * /api/transcriptions/{id}/speakers and /api/voice-profiles: the answers the browser checks,
 * and the bodies the server validates with these sentences (zod/mini: small in the bundle).
 */
import * as z from "zod/mini";
import { DIARIZERS } from "@/lib/db/diarizers";
import { SegmentEdits, SpeakerName } from "./transcription";

const Diarizer = z.enum(DIARIZERS);

/** `GET /api/transcriptions/{id}/speakers` and the answer of a dismissal. */
export const TranscriptSpeakers = z.object({
  /** which detector labelled the segments; null: none ran (an older transcript, or it failed) */
  diarizer: z.nullable(Diarizer),
  /** one sentence when speakers could not be told apart */
  note: z.nullable(z.string()),
  speakers: z.array(
    z.object({
      /** 0-based, in order of first appearance: "Speaker 1" is speaker 0 */
      speaker: z.number(),
      name: z.string(),
      /** the user has named it (it is no longer "Speaker N"): it can be saved as a voice profile */
      named: z.boolean(),
      seconds: z.number(),
      /** one of the user's voice profiles this speaker sounds like */
      suggestion: z.nullable(z.object({ profile_id: z.string(), name: z.string() })),
    }),
  ),
});
export type TranscriptSpeakers = z.infer<typeof TranscriptSpeakers>;

export const ApiVoiceProfile = z.object({
  id: z.string(),
  name: z.string(),
  diarizer: Diarizer,
  /** how many speakers were saved into it */
  samples: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApiVoiceProfile = z.infer<typeof ApiVoiceProfile>;

/** `GET /api/voice-profiles`. */
export const VoiceProfileList = z.object({ voice_profiles: z.array(ApiVoiceProfile) });

/**
 * `PATCH /api/transcriptions/{id}/speakers`: the transcript's new version, and the segments
 * whose speaker changed (in position order) with their new speaker.
 */
export const RenamedSpeakers = z.object({
  version: z.number(),
  segments: z.array(z.object({ position: z.number(), speaker: z.string() })),
});
export type RenamedSpeakers = z.infer<typeof RenamedSpeakers>;

/** `DELETE /api/voice-profiles/{id}`: 204, no body. */
export const NoContent = z.undefined();

// Detectors number a file's speakers from 0; no recording has this many.
const MAX_SPEAKER = 9999;
const SPEAKER_SENTENCE = `Choose the speaker: a whole number from 0 to ${MAX_SPEAKER}.`;

/** `POST /api/voice-profiles`: save a transcript's speaker under a name (the speaker's name, as in the editor). */
export const SaveVoiceProfileBody = z.object({
  transcription_id: z
    .string({ error: "Say which transcription the speaker is in." })
    .check(z.minLength(1, "Say which transcription the speaker is in."), z.maxLength(100, "This transcription does not exist.")),
  speaker: z
    .number({ error: SPEAKER_SENTENCE })
    .check(z.int(SPEAKER_SENTENCE), z.gte(0, SPEAKER_SENTENCE), z.lte(MAX_SPEAKER, SPEAKER_SENTENCE)),
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
    .array(
      z.object({
        from: z.string({ error: FROM_SENTENCE }).check(z.minLength(1, FROM_SENTENCE), z.maxLength(MAX_FROM, FROM_SENTENCE)),
        to: SpeakerName,
      }),
      { error: "Send the new names as a list of renames." },
    )
    .check(z.minLength(1, "Change at least one name."), z.maxLength(MAX_RENAMES, `Rename at most ${MAX_RENAMES} speakers in one save.`)),
});
export type SpeakerRenames = z.infer<typeof SpeakerRenames>;
