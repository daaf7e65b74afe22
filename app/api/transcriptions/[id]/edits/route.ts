import { db } from "@/lib/db/client";
import { editStream } from "@/lib/editor/edit-stream";
import { eventStreamResponse } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { changeFeed } from "@/lib/transcription/change-feed";
import { readableTranscription } from "@/lib/transcription/queries";
import * as editorApi from "@/lib/api/endpoints/editor";

/**
 * Server-sent events for an open editor: others' saved edits (`changes`) since `?since=` (or
 * the Last-Event-ID a reconnecting browser sends) and who else has it open (`presence`).
 */
export const GET = route(editorApi.transcriptEdits, { auth: "user" }, async ({ request, user, params, query, stillSignedIn }) => {
  const t = await readableTranscription(db(), user.id, params.id);
  const resumed = Number(request.headers.get("last-event-id") ?? "");
  const since = Math.max(Number(query.since ?? t.version), Number.isSafeInteger(resumed) ? resumed : 0);
  return eventStreamResponse(request, () => editStream(db(), changeFeed(), { userId: user.id, stillSignedIn }, t, request.signal, since, query.client_id ?? null));
});
