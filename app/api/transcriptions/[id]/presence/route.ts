import { db } from "@/lib/db/client";
import { mayEdit } from "@/lib/access/roles";
import { recordBeat } from "@/lib/editor/presence";
import { route } from "@/lib/http/route";
import { announceChange } from "@/lib/transcription/change-feed";
import { readableTranscription } from "@/lib/transcription/queries";
import { OK } from "@/lib/api/contract/common";
import * as editorApi from "@/lib/api/endpoints/editor";

/** This page has the transcript open (editing a segment, or reading), or is closing it; the others' editors hear of it. */
export const POST = route(editorApi.beatPresence, { auth: "user" }, async ({ user, params, body }) => {
  const t = await readableTranscription(db(), user.id, params.id);
  const editor = await mayEdit(db(), user.id, t);
  const moved = await recordBeat(db(), user.id, t.id, { clientId: body.client_id, segmentId: body.segment_id, left: body.left ?? false, mayEdit: editor });
  if (moved) await announceChange(db(), t.workspaceId ?? t.userId);
  return OK;
});
