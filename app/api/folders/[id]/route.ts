import { OK } from "@/lib/api/contract/common";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { deleteFolder, renameFolder, toApiFolder } from "@/lib/workspaces/folders";
import * as foldersApi from "@/lib/api/endpoints/folders";

export const PATCH = route(foldersApi.renameFolder, { auth: "user", apiKey: "write" }, async ({ user, params, body, within }) => ({
  folder: toApiFolder(await renameFolder(db(), user.id, params.id, body.name, within)),
}));

/** Its transcriptions stay in the workspace, unfiled. */
export const DELETE = route(foldersApi.deleteFolder, { auth: "user", apiKey: "write" }, async ({ user, params, within }) => {
  await deleteFolder(db(), user.id, params.id, within);
  return OK;
});
