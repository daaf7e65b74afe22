import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiTranscription } from "@/lib/transcription/queries";
import { relocateTranscription } from "@/lib/workspaces/move";
import * as foldersApi from "@/lib/api/endpoints/folders";

/** Files the transcription in a folder of its workspace, or moves it to another space (lib/workspaces/move.ts says who may). */
export const PATCH = route(foldersApi.moveTranscription, { auth: "user", apiKey: "write" }, async ({ user, params, body, within }) =>
  toApiTranscription(await relocateTranscription(db(), user.id, params.id, { workspaceId: body.workspace_id, folderId: body.folder_id }, within)),
);
