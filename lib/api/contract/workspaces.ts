/**
 * Answers of /api/workspaces (the space switcher) and /api/workspaces/current (the workspace
 * page), as the browser checks them (zod/mini: small in the bundle). Changes go to Better
 * Auth's organization endpoints (/api/auth/organization/…), not here.
 */
import * as z from "zod/mini";
import { WORKSPACE_ROLES, type WorkspaceRole } from "@/lib/roles";

const WorkspaceRoleValue = z.enum(WORKSPACE_ROLES);
export type WorkspaceRoleName = WorkspaceRole;
/** What an invitation or a change of role may give: a workspace has one owner, its creator. */
export const ASSIGNABLE_ROLES = ["admin", "member", "viewer"] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const WorkspaceChoice = z.object({ id: z.string(), name: z.string(), role: WorkspaceRoleValue });
export type WorkspaceChoice = z.infer<typeof WorkspaceChoice>;

/** `GET /api/workspaces`: the spaces the user can switch to. */
export const WorkspaceList = z.object({
  workspaces: z.array(WorkspaceChoice),
  /** the workspace the session shows; null: the personal space */
  active_id: z.nullable(z.string()),
  /** whether the user's plan lets them create a workspace */
  may_create: z.boolean(),
  /** when it does not: the sentence saying which plans do */
  create_refusal: z.nullable(z.string()),
});
export type WorkspaceList = z.infer<typeof WorkspaceList>;

export const WorkspaceMemberItem = z.object({
  /** the membership's id (what Better Auth's member endpoints take) */
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: WorkspaceRoleValue,
  joined_at: z.string(),
});
export type WorkspaceMemberItem = z.infer<typeof WorkspaceMemberItem>;

export const PendingInvitationItem = z.object({
  id: z.string(),
  email: z.string(),
  role: WorkspaceRoleValue,
  expires_at: z.string(),
});
export type PendingInvitationItem = z.infer<typeof PendingInvitationItem>;

/** `GET /api/workspaces/current`: the active workspace as its members see it. */
export const WorkspaceDetail = z.object({
  id: z.string(),
  name: z.string(),
  your_role: WorkspaceRoleValue,
  members: z.array(WorkspaceMemberItem),
  /** pending, unexpired invitations: only owners and admins see them (an empty list for others) */
  invitations: z.array(PendingInvitationItem),
  /**
   * The seats of the owner's plan, shared by all the owner's workspaces: `used` counts each
   * person once and each pending invitation; `limit` null means no limit (a contract plan).
   */
  seats: z.object({ used: z.number(), limit: z.nullable(z.number()) }),
});
export type WorkspaceDetail = z.infer<typeof WorkspaceDetail>;
