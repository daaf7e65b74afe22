import { WorkspaceDetail } from "@/lib/api/contract/workspaces";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { workspaceDetail } from "@/lib/workspaces/workspace-overview";

/** The workspace the session shows, for its members: who is in it, who is invited, the seats. */
export const GET = route({ auth: "user", answer: WorkspaceDetail }, async ({ user, space }) => workspaceDetail(db(), user.id, space));
