/**
 * Workspace roles and what each may do, as pure rules both sides use: the server checks them
 * against the membership it reads (lib/access/roles.ts), and the browser offers only what they
 * allow. Each role may do all that the ones below it may.
 */
export const WORKSPACE_ROLES = ["owner", "admin", "member", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

const RANK: Record<WorkspaceRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

export function isWorkspaceRole(role: string): role is WorkspaceRole {
  return Object.hasOwn(RANK, role);
}

export function atLeast(role: WorkspaceRole | null, least: WorkspaceRole): boolean {
  return role !== null && RANK[role] >= RANK[least];
}

/** Uploads, records, edits, files into folders: every role above a viewer (viewers read and export). */
export const mayChangeIn = (role: WorkspaceRole | null): boolean => atLeast(role, "member");

/** Manages the workspace: its members, share links, keys and webhooks, moving transcriptions out, deleting folders. */
export const mayManageIn = (role: WorkspaceRole | null): boolean => atLeast(role, "admin");

/**
 * Deletes a workspace's transcription: its owner and admins, and its uploader while above a
 * viewer (lib/access/visibility.ts's deletableBy is this rule in SQL).
 */
export const mayDeleteIn = (role: WorkspaceRole | null, isUploader: boolean): boolean => mayManageIn(role) || (isUploader && mayChangeIn(role));
