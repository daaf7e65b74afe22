import type { TranscriptSpeakers, VoiceProfileSummary } from "./voice-profiles";

/*
 * The API's JSON shapes (snake_case) of speakers and voice profiles. The contract's schemas
 * (lib/api/contract/speakers.ts) sit in a higher layer than this folder; each route names its
 * schema as `answer`, so a shape here that drifts from it does not compile.
 */

export function toApiVoiceProfile(p: VoiceProfileSummary) {
  return {
    id: p.id,
    name: p.name,
    diarizer: p.diarizer,
    samples: p.samples,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export function toApiSpeakers(s: TranscriptSpeakers) {
  return {
    diarizer: s.diarizer,
    note: s.note,
    speakers: s.speakers.map((x) => ({
      speaker: x.speaker,
      name: x.name,
      named: x.named,
      seconds: x.seconds,
      suggestion: x.suggestion && { profile_id: x.suggestion.profileId, name: x.suggestion.name },
    })),
  };
}
