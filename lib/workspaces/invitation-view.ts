import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { users, workspaceInvitations, workspaces } from "@/lib/db/schema";
import { type WorkspaceRole } from "@/lib/roles";

/**
 * An invitation as its page shows it to the signed-in user. Only its addressee learns
 * anything of it: anyone else is told it was sent to another address, whatever its state,
 * so a forwarded or guessed link reveals neither the workspace nor the inviter.
 */
type InvitationView =
  | { state: "open"; id: string; workspaceName: string; inviterName: string; role: WorkspaceRole; expiresAt: Date }
  | { state: "not_found" | "other_email" | "expired" | "canceled" | "accepted" | "rejected"; workspaceName?: string };

export const INVITATION_SENTENCES = {
  not_found: "This invitation does not exist. Ask for a new one.",
  other_email: "This invitation was sent to another email address. Sign in with that address to accept it.",
  expired: "This invitation has expired. Ask the person who invited you to send a new one.",
  canceled: "This invitation was revoked. Ask the person who invited you to send a new one if you still need it.",
  accepted: "You have already accepted this invitation.",
  rejected: "You declined this invitation. Ask for a new one if you change your mind.",
} as const satisfies Record<Exclude<InvitationView["state"], "open">, string>;

/** Better Auth's ids are 32 characters; anything much longer is no invitation and is not looked up. */
const ID_MAX = 200;

export async function invitationFor(database: Database, invitationId: string, user: { email: string }, now = new Date()): Promise<InvitationView> {
  if (invitationId.length === 0 || invitationId.length > ID_MAX) return { state: "not_found" };
  const [row] = await database
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      status: workspaceInvitations.status,
      expiresAt: workspaceInvitations.expiresAt,
      workspaceName: workspaces.name,
      inviterName: users.name,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .innerJoin(users, eq(users.id, workspaceInvitations.inviterId))
    .where(eq(workspaceInvitations.id, invitationId));
  if (!row) return { state: "not_found" };
  // Better Auth keeps addresses in lower case; an invitation typed in capitals is still theirs.
  if (row.email.toLowerCase() !== user.email.toLowerCase()) return { state: "other_email" };
  const workspaceName = row.workspaceName;
  if (row.status === "accepted") return { state: "accepted", workspaceName };
  if (row.status === "rejected") return { state: "rejected", workspaceName };
  if (row.status === "canceled") return { state: "canceled", workspaceName };
  if (row.status !== "pending") return { state: "not_found" };
  if (row.expiresAt <= now) return { state: "expired", workspaceName };
  return { state: "open", id: row.id, workspaceName, inviterName: row.inviterName, role: row.role as WorkspaceRole, expiresAt: row.expiresAt };
}
