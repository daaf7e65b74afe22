import { db } from "@/lib/db/client";
import { eventStreamResponse } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { liveEventStream } from "@/lib/recordings/live-events";
import { changeFeed } from "@/lib/transcription/change-feed";
import { readableTranscription } from "@/lib/transcription/queries";
import * as recordingsApi from "@/lib/api/endpoints/recordings";

/** Server-sent events: the live text of one of the user's recordings, from utterance `?from=`. */
export const GET = route(recordingsApi.recordingEvents, { auth: "user" }, async ({ request, user, params, query, stillSignedIn }) => {
  const t = await readableTranscription(db(), user.id, params.id);
  return eventStreamResponse(request, () => liveEventStream(db(), changeFeed(), { userId: user.id, stillSignedIn }, t, request.signal, Number(query.from ?? 0)));
});
