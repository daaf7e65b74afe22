import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { workspaceMembers, workspaces } from "@/lib/db/schema";
import { WORKSPACE_ROLES, type WorkspaceRole } from "@/lib/roles";

export interface ActiveWorkspace {
  id: string;
  name: string;
  role: WorkspaceRole;
}

/**
 * The workspace a session has chosen, if its user is still a member: a removed member's session
 * falls back to the personal space at its next request.
 */
export async function activeWorkspace(database: Database, userId: string, workspaceId: string | null | undefined): Promise<ActiveWorkspace | null> {
  if (!workspaceId) return null;
  const [row] = await database
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!row || !(WORKSPACE_ROLES as readonly string[]).includes(row.role)) return null;
  return { ...row, role: row.role as WorkspaceRole };
}

/** Every workspace the user belongs to, by name, with their role (the space switcher's list). */
export async function workspacesOf(database: Database, userId: string): Promise<ActiveWorkspace[]> {
  const rows = await database
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(workspaces.name);
  return rows.map((r) => ({ ...r, role: r.role as WorkspaceRole }));
}
