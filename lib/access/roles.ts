import { and, eq } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { workspaceMembers, type Transcription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { atLeast, isWorkspaceRole, mayChangeIn, mayManageIn, type WorkspaceRole } from "@/lib/roles";

export const WORKSPACE_NOT_FOUND = "This workspace does not exist.";
export const VIEWERS_READ_ONLY = "Viewers of this workspace can read and export only.";
export const ROLE_TOO_LOW: Record<Exclude<WorkspaceRole, "viewer">, string> = {
  member: VIEWERS_READ_ONLY,
  admin: "Only the workspace's owner and admins can do this.",
  owner: "Only the workspace's owner can do this.",
};

/** The user's role in the workspace, or null when they are not (or no longer) a member. */
export async function roleIn(database: Database | Tx, userId: string, workspaceId: string): Promise<WorkspaceRole | null> {
  const [row] = await database
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)));
  return row && isWorkspaceRole(row.role) ? row.role : null;
}

/**
 * The user's role, when it is at least `least`. A non-member is told the workspace does not
 * exist (404, never 403: a stranger learns nothing of it); a member below `least` is forbidden.
 */
export async function requireRole(
  database: Database | Tx,
  userId: string,
  workspaceId: string,
  least: WorkspaceRole,
): Promise<WorkspaceRole> {
  const role = await roleIn(database, userId, workspaceId);
  if (!role) throw new DomainError("not_found", WORKSPACE_NOT_FOUND);
  if (least !== "viewer" && !atLeast(role, least)) throw new DomainError("forbidden", ROLE_TOO_LOW[least]);
  return role;
}

/**
 * Whether the user may manage a transcription they can read (share links, moving it): its
 * uploader in their personal space, a workspace's owner or admins in a workspace.
 */
export async function mayManage(database: Database | Tx, userId: string, t: Pick<Transcription, "userId" | "workspaceId">): Promise<boolean> {
  if (!t.workspaceId) return t.userId === userId;
  return mayManageIn(await roleIn(database, userId, t.workspaceId));
}

/** Whether the user, who can read `t`, may change it: its uploader in their personal space, or a workspace role above viewer. */
export async function mayEdit(database: Database | Tx, userId: string, t: Pick<Transcription, "userId" | "workspaceId">): Promise<boolean> {
  if (!t.workspaceId) return t.userId === userId;
  return mayChangeIn(await roleIn(database, userId, t.workspaceId));
}
