import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { workspaceDetail } from "@/lib/workspaces/workspace-overview";
import * as workspacesApi from "@/lib/api/endpoints/workspaces";

/** The workspace the session shows, for its members: who is in it, who is invited, the seats. */
export const GET = route(workspacesApi.currentWorkspace, { auth: "user" }, async ({ user, space }) => workspaceDetail(db(), user.id, space));
