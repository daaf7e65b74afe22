import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { createFolder, listFolders, toApiFolder } from "@/lib/workspaces/folders";
import * as foldersApi from "@/lib/api/endpoints/folders";

/** The folders of the request's space (the session's active workspace, or the key's); a personal space has none. */
export const GET = route(foldersApi.listFolders, { auth: "user", apiKey: "read" }, async ({ user, space }) => ({
  folders: (await listFolders(db(), user.id, space)).map(toApiFolder),
}));

export const POST = route(foldersApi.createFolder, { auth: "user", apiKey: "write" }, async ({ user, space, body }) => ({
  folder: toApiFolder(await createFolder(db(), user.id, space, body.name)),
}));
