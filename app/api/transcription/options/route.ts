import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { transcriptionOptions } from "@/lib/transcription/options";
import * as transcriptionsApi from "@/lib/api/endpoints/transcription";

export const GET = route(transcriptionsApi.transcriptionOptions, { auth: "user", apiKey: "read" }, async ({ user, space }) => transcriptionOptions(db(), user.id, space));
