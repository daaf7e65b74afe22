import { OK } from "@/lib/api/contract/common";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { deleteFolder, renameFolder, toApiFolder } from "@/lib/workspaces/folders";
import * as foldersApi from "@/lib/api/endpoints/folders";

export const PATCH = route(foldersApi.renameFolder, { auth: "user" }, async ({ user, params, body }) => ({
  folder: toApiFolder(await renameFolder(db(), user.id, params.id, body.name)),
}));

/** Its transcriptions stay in the workspace, unfiled. */
export const DELETE = route(foldersApi.deleteFolder, { auth: "user" }, async ({ user, params }) => {
  await deleteFolder(db(), user.id, params.id);
  return OK;
});
