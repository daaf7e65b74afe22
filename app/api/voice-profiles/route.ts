import { db } from "@/lib/db/client";
import { ApiVoiceProfile, VoiceProfileList, SaveVoiceProfileBody } from "@/lib/api/contract/speakers";
import { route } from "@/lib/http/route";
import { toApiVoiceProfile } from "@/lib/speakers/speaker-answers";
import { listVoiceProfiles, saveVoiceProfile } from "@/lib/speakers/voice-profiles";

export const GET = route({ auth: "user", answer: VoiceProfileList }, async ({ user }) => ({
  voice_profiles: (await listVoiceProfiles(db(), user.id)).map(toApiVoiceProfile),
}));

/** Saves a transcript's speaker as a voice profile, or adds it to the user's profile of that name. */
export const POST = route({ auth: "user", body: SaveVoiceProfileBody, status: 201, answer: ApiVoiceProfile }, async ({ user, body }) =>
  toApiVoiceProfile(await saveVoiceProfile(db(), user.id, { transcriptionId: body.transcription_id, speaker: body.speaker, name: body.name })),
);
