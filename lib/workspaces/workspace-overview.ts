import { and, asc, eq, gt } from "drizzle-orm";
import type { WorkspaceDetail, WorkspaceList } from "@/lib/api/contract/workspaces";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { requireOperation } from "@/lib/billing/feature-refusal";
import { workspaceOwner } from "@/lib/billing/payer";
import { mayCreateWorkspace, seatLimit, seatsTaken } from "@/lib/billing/seats";
import type { Database } from "@/lib/db/client";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "@/lib/db/schema";
import { type WorkspaceRole } from "@/lib/roles";
import { DomainError, isDomainError } from "@/lib/errors/domain-error";
import { activeWorkspace, workspacesOf } from "@/lib/access/active-space";
import { requireRole } from "@/lib/access/roles";
import { atLeast } from "@/lib/roles";

/**
 * What the workspace screens read: the space switcher's list and the workspace page. Changes
 * go through Better Auth's organization endpoints, whose hooks (./workspace-rules) hold the rules.
 */

export const NO_WORKSPACE_CHOSEN = "Your personal space is shown: choose a workspace first.";
/** When the plan allows creating but something else refused (should not happen; a sentence all the same). */
const CREATE_REFUSED = "Your plan does not let you create a workspace.";

/** The sentence of the plan's refusal (the gate table's wording and the plans that include it), or null when it allows it. */
async function creationRefusal(database: Database, userId: string): Promise<string | null> {
  try {
    await requireOperation(database, await entitlementsFor(database, userId), "team_workspaces");
    return null;
  } catch (error) {
    if (isDomainError(error)) return error.message;
    throw error;
  }
}

/** `GET /api/workspaces`: the user's workspaces, the active one, and whether they may create one. */
export async function spaceChoices(database: Database, userId: string, activeId: string | null): Promise<WorkspaceList> {
  const [list, allowed, active] = await Promise.all([workspacesOf(database, userId), mayCreateWorkspace(database, userId), activeWorkspace(database, userId, activeId)]);
  return {
    workspaces: list,
    active_id: active?.id ?? null,
    may_create: allowed,
    create_refusal: allowed ? null : ((await creationRefusal(database, userId)) ?? CREATE_REFUSED),
  };
}

const ROLE_ORDER: Record<WorkspaceRole, number> = { owner: 0, admin: 1, member: 2, viewer: 3 };

/**
 * The seats of the owner's plan and how many are taken, across all the owner's workspaces (a
 * person counts once, a pending invitation holds one): the same count that refuses an invitation.
 */
async function seatsOfWorkspace(database: Database, workspaceId: string, now: Date): Promise<WorkspaceDetail["seats"]> {
  const owner = await workspaceOwner(database, workspaceId);
  if (!owner) return { used: 0, limit: 0 };
  const [taken, limit] = await Promise.all([seatsTaken(database, owner, { now }), seatLimit(database, owner, now)]);
  return { used: taken.members + taken.invitations, limit: Number.isFinite(limit) ? limit : null };
}

/**
 * `GET /api/workspaces/current`: the workspace the session shows, for any of its members
 * (a stranger is told it does not exist); its pending invitations only for owners and admins.
 */
export async function workspaceDetail(database: Database, userId: string, workspaceId: string | null, now = new Date()): Promise<WorkspaceDetail> {
  if (!workspaceId) throw new DomainError("not_found", NO_WORKSPACE_CHOSEN);
  const yourRole = await requireRole(database, userId, workspaceId, "viewer");
  const [workspace] = await database.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const members = await database
    .select({ id: workspaceMembers.id, userId: users.id, name: users.name, email: users.email, role: workspaceMembers.role, joinedAt: workspaceMembers.createdAt })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(users.name));
  const invitations = atLeast(yourRole, "admin")
    ? await database
        .select({ id: workspaceInvitations.id, email: workspaceInvitations.email, role: workspaceInvitations.role, expiresAt: workspaceInvitations.expiresAt })
        .from(workspaceInvitations)
        .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.status, "pending"), gt(workspaceInvitations.expiresAt, now)))
        .orderBy(asc(workspaceInvitations.createdAt))
    : [];
  const seats = await seatsOfWorkspace(database, workspaceId, now);
  return {
    id: workspace.id,
    name: workspace.name,
    your_role: yourRole,
    members: members
      .map((m) => ({ id: m.id, user_id: m.userId, name: m.name, email: m.email, role: m.role as WorkspaceRole, joined_at: m.joinedAt.toISOString() }))
      .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role as WorkspaceRole, expires_at: i.expiresAt.toISOString() })),
    seats,
  };
}
