import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiVoiceProfile } from "@/lib/speakers/speaker-answers";
import { listVoiceProfiles, saveVoiceProfile } from "@/lib/speakers/voice-profiles";
import * as speakersApi from "@/lib/api/endpoints/speakers";

export const GET = route(speakersApi.listVoiceProfiles, { auth: "user" }, async ({ user }) => ({
  voice_profiles: (await listVoiceProfiles(db(), user.id)).map(toApiVoiceProfile),
}));

/** Saves a transcript's speaker as a voice profile, or adds it to the user's profile of that name. */
export const POST = route(speakersApi.saveVoiceProfile, { auth: "user" }, async ({ user, body }) =>
  toApiVoiceProfile(await saveVoiceProfile(db(), user.id, { transcriptionId: body.transcription_id, speaker: body.speaker, name: body.name })),
);
