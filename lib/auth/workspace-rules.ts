import { APIError } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import { assertSeatFree, holdSeatForInvitation, holdSeatForPromotion, mayCreateWorkspace, type SeatRequest } from "@/lib/billing/seats";
import type { Database } from "@/lib/db/client";
import { transcriptions, workspaceMembers } from "@/lib/db/schema";
import { isDomainError, type DomainError } from "@/lib/errors/domain-error";
import { queueMail } from "@/lib/email/mail-queue";
import type { Mail } from "@/lib/email/message";
import { WORKSPACE_ROLES } from "@/lib/roles";
import { workspaceNameProblem } from "@/lib/access/workspace-name";

/**
 * The rules Better Auth's organization plugin runs before it writes: they hold on its own
 * endpoints (/api/auth/organization/…), which the browser calls, as on anything else. They throw
 * APIError, which it answers, with our sentence.
 */

/** The code of a refusal for want of seats: the invite form then links to where seats are added. */
const SEATS_TAKEN_CODE = "SEATS_TAKEN";

function refuse(error: unknown): never {
  if (isDomainError(error)) {
    const seatsTaken = (error.data.seats as { limit?: number } | undefined)?.limit;
    const code = seatsTaken ? SEATS_TAKEN_CODE : "WORKSPACE_REFUSED";
    throw new APIError(error.kind === "not_found" ? "NOT_FOUND" : "FORBIDDEN", { message: error.message, code });
  }
  throw error;
}

/** How long an invitation can be accepted. */
export const INVITATION_DAYS = 7;
/** No workspace grows beyond this, whatever the plan (an enterprise contract's seats are not counted). */
export const MAX_WORKSPACE_MEMBERS = 500;

const UNKNOWN_ROLE = "Choose a role: admin, member or viewer.";
export const OWNER_ROLE_FIXED = "A workspace has one owner: the person who created it.";

/**
 * What a workspace is called: one line, 1–80 characters (Better Auth takes anything), and
 * nothing else a client may send (a logo address, metadata) is kept.
 */
export function checkedWorkspaceFields<T extends { name?: unknown; slug?: unknown }>(fields: T, { creating }: { creating: boolean }) {
  if (creating || fields.name !== undefined) {
    const problem = workspaceNameProblem(fields.name);
    if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "WORKSPACE_REFUSED" });
  }
  if (fields.slug !== undefined && (typeof fields.slug !== "string" || !/^[a-z0-9-]{1,64}$/.test(fields.slug))) {
    throw new APIError("BAD_REQUEST", { message: "A workspace's address may hold lower-case letters, digits and dashes only.", code: "WORKSPACE_REFUSED" });
  }
  // Better Auth lays what we return over what the client sent: a logo address or metadata
  // from a client is overwritten, never stored.
  return {
    data: {
      ...(typeof fields.name === "string" ? { name: fields.name.trim() } : {}),
      ...(typeof fields.slug === "string" ? { slug: fields.slug } : {}),
      logo: null,
      metadata: undefined,
    },
  };
}

/** A role given by an invitation or a change: never owner (there is one, its creator, who pays for it). */
export function assertAssignableRole(role: unknown): void {
  const roles = Array.isArray(role) ? role : [role];
  for (const r of roles) {
    if (r === "owner") throw new APIError("FORBIDDEN", { message: OWNER_ROLE_FIXED, code: "WORKSPACE_REFUSED" });
    if (typeof r !== "string" || !(WORKSPACE_ROLES as readonly string[]).includes(r)) {
      throw new APIError("BAD_REQUEST", { message: UNKNOWN_ROLE, code: "WORKSPACE_REFUSED" });
    }
  }
}

/** Creating a workspace needs a plan with team_management (the gate table's `team_workspaces`). */
export async function allowWorkspaceCreation(database: Database, userId: string): Promise<boolean> {
  return mayCreateWorkspace(database, userId);
}

/** An invitation, a new member or a viewer made member or admin needs a free seat of the owner's plan (pending invitations hold one; viewers take none). */
export async function assertSeatForNewMember(database: Database, workspaceId: string, request: SeatRequest): Promise<void> {
  await assertSeatFree(database, workspaceId, request).catch(refuse);
}

/** After Better Auth made a viewer a member or admin: kept only if a seat is free with the seats held (holdSeatForPromotion). */
export async function keepPromotionIfSeated(database: Database, member: { id: string; workspaceId: string; role: string }, previousRole: string): Promise<void> {
  if (previousRole !== "viewer" || member.role === "viewer") return;
  const refusal = await holdSeatForPromotion(database, member);
  if (refusal) refuse(refusal);
}

/** Invitations removed for want of a seat after Better Auth wrote them, until their request answers the refusal. */
const withdrawn = new Map<string, DomainError>();

/**
 * Better Auth's `sendInvitationEmail`, which it calls right after writing the invitation: the
 * seat is checked again with the owner's seats held (holdSeatForInvitation), and the mail is
 * queued in that transaction only for an invitation that keeps its seat. Better Auth only logs
 * what this throws, so a withdrawn invitation is refused by `refuseWithdrawnInvitation`
 * (afterCreateInvitation, next in the same request).
 */
export async function sendInvitationIfSeated(database: Database, invitation: { id: string; workspaceId: string; role: string }, inviterId: string, mail: Mail): Promise<void> {
  const refusal = await database.transaction(async (tx) => {
    const refused = await holdSeatForInvitation(tx, invitation, inviterId);
    if (!refused) await queueMail(tx, mail);
    return refused;
  });
  if (refusal) withdrawn.set(invitation.id, refusal);
}

/** The invitation this request wrote was withdrawn (no seat was free): its answer is the refusal, in our sentence. */
export function refuseWithdrawnInvitation(invitationId: string): void {
  const refusal = withdrawn.get(invitationId);
  if (!refusal) return;
  withdrawn.delete(invitationId);
  refuse(refusal);
}

/**
 * A workspace being deleted hands its transcriptions back to its owner's personal space, with
 * their audio: nothing a team made is lost, and the owner paid for it. Folders and members go.
 */
export async function handBackToOwner(database: Database, workspaceId: string): Promise<void> {
  const [owner] = await database
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")))
    .limit(1);
  if (!owner) return;
  await database
    .update(transcriptions)
    .set({ userId: owner.userId, workspaceId: null, folderId: null, billedUserId: sql`coalesce(${transcriptions.billedUserId}, ${transcriptions.userId})` })
    .where(eq(transcriptions.workspaceId, workspaceId));
}
