/**
 * Answers of /api/transcriptions/{id}/speakers and /api/voice-profiles, as the browser checks
 * them (zod/mini: small in the bundle). Bodies are in ./speakers-input.ts.
 */
import * as z from "zod/mini";
import { DIARIZERS } from "@/lib/db/diarizers";

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
