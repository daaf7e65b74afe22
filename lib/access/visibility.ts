import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { transcriptions, workspaceMembers } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * Which transcriptions a user reaches. Every read or change of a transcription picks its rows
 * through one of these, so a workspace's rows are reachable by its current members only: a
 * removed member's next request finds nothing (membership is read in the same query, never
 * cached). Rows in Recently deleted are in none of them (only lib/transcription/deletion.ts
 * reads those).
 */
function inMemberWorkspace(userId: string, writers: boolean): SQL {
  const role = writers ? sql` and ${workspaceMembers.role} <> 'viewer'` : sql``;
  return sql`${transcriptions.workspaceId} in (select ${workspaceMembers.workspaceId} from ${workspaceMembers} where ${workspaceMembers.userId} = ${userId}${role})`;
}

function personal(userId: string): SQL {
  return and(isNull(transcriptions.workspaceId), eq(transcriptions.userId, userId))!;
}

/** Narrows a caller to one space: an API key reaches only the space it was made in. */
export interface Within {
  space: string | null;
}

/** What the user may read and export: their personal space and their workspaces' (or only `within`'s space). */
export function readableBy(userId: string, within?: Within): SQL {
  if (within) return inSpace(userId, within.space);
  return and(isNull(transcriptions.deletedAt), or(personal(userId), inMemberWorkspace(userId, false)))!;
}

/** What the user may change: as readable, but not in a workspace where they are a viewer. */
export function editableBy(userId: string): SQL {
  return and(isNull(transcriptions.deletedAt), or(personal(userId), inMemberWorkspace(userId, true)))!;
}

/** One space's transcriptions as the user sees them: the personal space (null) or a workspace they belong to. */
export function inSpace(userId: string, workspaceId: string | null): SQL {
  if (!workspaceId) return and(isNull(transcriptions.deletedAt), personal(userId))!;
  return and(isNull(transcriptions.deletedAt), eq(transcriptions.workspaceId, workspaceId), inMemberWorkspace(userId, false))!;
}

/**
 * What the user may delete, restore or delete for good, in Recently deleted or not: their
 * personal space's, and in a workspace what they uploaded (unless a viewer) or, as its owner or
 * an admin, anything. An ex-member reaches none of a workspace's rows, deleted or not.
 */
export function deletableBy(userId: string): SQL {
  const admin = sql`${transcriptions.workspaceId} in (select ${workspaceMembers.workspaceId} from ${workspaceMembers} where ${workspaceMembers.userId} = ${userId} and ${workspaceMembers.role} in ('owner', 'admin'))`;
  const uploader = and(eq(transcriptions.userId, userId), inMemberWorkspace(userId, true))!;
  return or(personal(userId), admin, uploader)!;
}

/**
 * An API key reaches its own space only: whatever belongs to another space (a webhook, a
 * folder, a share link's transcript) does not exist for it, as for a stranger. A session
 * (`within` undefined) passes; its own rules apply.
 */
export function requireWithin(within: Within | undefined, workspaceId: string | null, notFound: string): void {
  if (within && within.space !== workspaceId) throw new DomainError("not_found", notFound);
}
