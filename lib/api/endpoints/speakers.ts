import { ApiVoiceProfile, NoContent, RenamedSpeakers, SaveVoiceProfileBody, SpeakerRenames, TranscriptSpeakers, VoiceProfileList } from "../contract/speakers";
import { endpoint } from "../endpoint";

export const dismissSpeakerMatch = endpoint({ method: "POST", path: "/api/transcriptions/{id}/speakers/{speaker}/dismiss", answer: TranscriptSpeakers });
export const transcriptSpeakers = endpoint({ method: "GET", path: "/api/transcriptions/{id}/speakers", answer: TranscriptSpeakers });
export const renameSpeakers = endpoint({ method: "PATCH", path: "/api/transcriptions/{id}/speakers", body: SpeakerRenames, answer: RenamedSpeakers });
export const deleteVoiceProfile = endpoint({ method: "DELETE", path: "/api/voice-profiles/{id}", answer: NoContent });
export const listVoiceProfiles = endpoint({ method: "GET", path: "/api/voice-profiles", answer: VoiceProfileList });
export const saveVoiceProfile = endpoint({ method: "POST", path: "/api/voice-profiles", body: SaveVoiceProfileBody, answer: ApiVoiceProfile, status: 201 });
