"use client";

import { authClient, errorText } from "@/lib/auth/client";
import type { AssignableRole } from "@/lib/api/contract/workspaces";
import { workspaceSlug } from "@/lib/access/workspace-name";

/**
 * The browser's changes to workspaces: Better Auth's organization endpoints, through its
 * client (every rule runs on the server, in its hooks). Each resolves to null when done, or
 * to the sentence to show: the server's own when it gave one.
 */
type Refusal = string | null;

const UNREACHABLE = "The server could not be reached. Check your connection and try again.";

type Organization = Awaited<ReturnType<typeof authClient>>["organization"];
type Answer<T> = { data: T | null; error: { message?: string; status?: number; code?: string } | null };

async function call<T>(send: (organization: Organization) => Promise<Answer<T>>): Promise<{ data: T | null } | { refusal: string; code?: string }> {
  let answer: Answer<T>;
  try {
    answer = await send((await authClient()).organization);
  } catch {
    return { refusal: UNREACHABLE };
  }
  // Some answers are null when they succeed (choosing the personal space): only `error` is a refusal.
  if (answer.error) return { refusal: errorText(answer.error), code: answer.error.code };
  return { data: answer.data };
}

const refusalOf = (result: { refusal: string } | { data: unknown }): Refusal => ("refusal" in result ? result.refusal : null);

/** Shows this workspace (null: the personal space) from the next request on. */
export async function switchSpace(workspaceId: string | null): Promise<Refusal> {
  return refusalOf(await call((o) => o.setActive({ organizationId: workspaceId })));
}

/** A new workspace, owned by the user, made the active space. */
export async function createWorkspace(name: string): Promise<Refusal> {
  const created = await call((o) => o.create({ name: name.trim(), slug: workspaceSlug(name) }));
  if ("refusal" in created) return created.refusal;
  return created.data ? switchSpace(created.data.id) : errorText({});
}

export async function renameWorkspace(workspaceId: string, name: string): Promise<Refusal> {
  return refusalOf(await call((o) => o.update({ organizationId: workspaceId, data: { name: name.trim() } })));
}

/** As lib/auth/workspace-rules SEATS_TAKEN_CODE: the refusal was for want of seats. */
const SEATS_TAKEN = "SEATS_TAKEN";

/** Null when sent; else the sentence, and whether it was for want of seats (the form then links to where seats are added). */
export async function inviteMember(workspaceId: string, email: string, role: AssignableRole): Promise<{ refusal: string; seatsTaken: boolean } | null> {
  const result = await call((o) => o.inviteMember({ organizationId: workspaceId, email: email.trim(), role }));
  return "refusal" in result ? { refusal: result.refusal, seatsTaken: result.code === SEATS_TAKEN } : null;
}

export async function revokeInvitation(invitationId: string): Promise<Refusal> {
  return refusalOf(await call((o) => o.cancelInvitation({ invitationId })));
}

export async function changeRole(workspaceId: string, memberId: string, role: AssignableRole): Promise<Refusal> {
  return refusalOf(await call((o) => o.updateMemberRole({ organizationId: workspaceId, memberId, role })));
}

export async function removeMember(workspaceId: string, memberId: string): Promise<Refusal> {
  return refusalOf(await call((o) => o.removeMember({ organizationId: workspaceId, memberIdOrEmail: memberId })));
}

/** Leaves the workspace; the personal space is shown afterwards. */
export async function leaveWorkspace(workspaceId: string): Promise<Refusal> {
  return (await refusalOf(await call((o) => o.leave({ organizationId: workspaceId })))) ?? switchSpace(null);
}

/** Deletes the workspace (its transcriptions go back to the owner's personal space, see workspace-rules). */
export async function deleteWorkspace(workspaceId: string): Promise<Refusal> {
  return (await refusalOf(await call((o) => o.delete({ organizationId: workspaceId })))) ?? switchSpace(null);
}

/** Accepts the invitation and shows its workspace. */
export async function acceptInvitation(invitationId: string): Promise<Refusal> {
  const accepted = await call((o) => o.acceptInvitation({ invitationId }));
  if ("refusal" in accepted) return accepted.refusal;
  return accepted.data ? switchSpace(accepted.data.member.organizationId) : errorText({});
}

export async function declineInvitation(invitationId: string): Promise<Refusal> {
  return refusalOf(await call((o) => o.rejectInvitation({ invitationId })));
}
