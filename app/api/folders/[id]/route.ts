import { OK, OkAnswer } from "@/lib/api/contract/common";
import { FolderBody, FolderAnswer } from "@/lib/api/contract/folders";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { deleteFolder, renameFolder, toApiFolder } from "@/lib/workspaces/folders";

export const PATCH = route({ auth: "user", body: FolderBody, answer: FolderAnswer }, async ({ user, params, body }) => ({
  folder: toApiFolder(await renameFolder(db(), user.id, params.id, body.name)),
}));

/** Its transcriptions stay in the workspace, unfiled. */
export const DELETE = route({ auth: "user", answer: OkAnswer }, async ({ user, params }) => {
  await deleteFolder(db(), user.id, params.id);
  return OK;
});
