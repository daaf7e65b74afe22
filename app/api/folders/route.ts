import { FolderBody, FolderAnswer, FolderList } from "@/lib/api/contract/folders";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { createFolder, listFolders, toApiFolder } from "@/lib/workspaces/folders";

/** The folders of the request's space (its active workspace); a personal space has none. */
export const GET = route({ auth: "user", answer: FolderList }, async ({ user, space }) => ({
  folders: (await listFolders(db(), user.id, space)).map(toApiFolder),
}));

export const POST = route({ auth: "user", body: FolderBody, status: 201, answer: FolderAnswer }, async ({ user, space, body }) => ({
  folder: toApiFolder(await createFolder(db(), user.id, space, body.name)),
}));
