import { db } from "@/lib/db/client";
import { eventStreamResponse } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { changeFeed } from "@/lib/transcription/change-feed";
import { statusStream, streamStart } from "@/lib/transcription/status-stream";
import * as transcriptionsApi from "@/lib/api/endpoints/transcription";

/** Server-sent events: every change to the user's transcriptions (status, progress, errors) since `?since=`. */
export const GET = route(transcriptionsApi.transcriptionEvents, { auth: "user" }, async ({ request, user, space, query, stillSignedIn }) => {
  const start = streamStart(query.since ?? null);
  return eventStreamResponse(request, () => statusStream(db(), changeFeed(), { userId: user.id, stillSignedIn }, space, request.signal, start));
});
