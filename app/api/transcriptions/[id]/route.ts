import { db } from "@/lib/db/client";
import { jsonInParts } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { deleteForGood, deleteTranscription } from "@/lib/transcription/deletion";
import { readableTranscription, renameTranscription, segmentsOf, toApiTranscription, toEditableSegment } from "@/lib/transcription/queries";
import { OK } from "@/lib/api/contract/common";
import * as transcriptionsApi from "@/lib/api/endpoints/transcription";

/** Written a part at a time: a 10-hour transcript's segments are 6 MB of JSON, too long to serialise in one turn of the event loop. */
export const GET = route(transcriptionsApi.getTranscription, { auth: "user", apiKey: "read" }, async ({ user, params, within }) => {
  const t = await readableTranscription(db(), user.id, params.id, within);
  return jsonInParts(toApiTranscription(t), "segments", (await segmentsOf(db(), t.id)).map(toEditableSegment));
});

export const PATCH = route(transcriptionsApi.renameTranscription, { auth: "user", apiKey: "write" }, async ({ user, params, body, within }) =>
  toApiTranscription(await renameTranscription(db(), user.id, params.id, body.title, within)),
);

/** Moves it to Recently deleted (restorable for 30 days); `?permanent=1` removes it and its audio for good. */
export const DELETE = route(transcriptionsApi.deleteTranscription, { auth: "user", apiKey: "write" }, async ({ user, params, query, within }) => {
  await (query.permanent ? deleteForGood : deleteTranscription)(db(), user.id, params.id, within);
  return OK;
});
