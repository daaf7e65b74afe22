import { db } from "@/lib/db/client";
import { TranscriptSpeakers } from "@/lib/api/contract/speakers";
import { route } from "@/lib/http/route";
import { toApiSpeakers } from "@/lib/speakers/speaker-answers";
import { speakersOf } from "@/lib/speakers/voice-profiles";

/** The speakers detected in the transcript, with the voice profiles they sound like. */
export const GET = route({ auth: "user", answer: TranscriptSpeakers }, async ({ user, params }) =>
  toApiSpeakers(await speakersOf(db(), user.id, params.id)),
);
