import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { transcriptionOptions } from "@/lib/transcription/options";
import { TranscriptionOptions } from "@/lib/api/contract/transcriptions";

export const GET = route({ auth: "user", answer: TranscriptionOptions }, async ({ user, space }) => transcriptionOptions(db(), user.id, space));
