import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { spaceChoices } from "@/lib/workspaces/workspace-overview";
import * as workspacesApi from "@/lib/api/endpoints/workspaces";

// Session cookie only: workspaces are chosen in the browser, never by an API key.

/** The space switcher's list: the user's workspaces, the active one, and whether they may create one. */
export const GET = route(workspacesApi.listWorkspaces, { auth: "user" }, async ({ user, space }) => spaceChoices(db(), user.id, space));
