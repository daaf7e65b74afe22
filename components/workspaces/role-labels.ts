import type { WorkspaceRoleName } from "@/lib/api/contract/workspaces";

export const ROLE_LABELS: Record<WorkspaceRoleName, string> = { owner: "Owner", admin: "Admin", member: "Member", viewer: "Viewer" };

/** What each role given by an invitation may do, shown beside the choice. */
export const ROLE_HINTS: Record<Exclude<WorkspaceRoleName, "owner">, string> = {
  admin: "Admin: edits, invites and removes members",
  member: "Member: uploads, edits and exports",
  viewer: "Viewer: reads and exports only, and takes no seat",
};

