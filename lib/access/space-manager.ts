import type { Database, Tx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { atLeast } from "@/lib/roles";
import { ROLE_TOO_LOW, requireRole, roleIn } from "./roles";
import { requireWithin, type Within } from "./visibility";

/**
 * Who manages what a space owns (its webhooks, its vocabulary, its replacement rules): in the
 * personal space its user, in a workspace its owner and admins. Anyone else learns nothing:
 * an entry of another user, or of a workspace they are not in, does not exist (404); a
 * workspace's member or viewer is told the role is too low (403).
 */

/** Ids are UUIDs: anything else names nothing (and never reaches a query). */
export const ID_SHAPE = /^[0-9a-f-]{36}$/i;

/** The caller may manage what this space (null: their personal space) owns. */
export async function requireSpaceManager(database: Database | Tx, userId: string, workspaceId: string | null): Promise<void> {
  if (workspaceId) await requireRole(database, userId, workspaceId, "admin");
}

/** Checks the caller against an entry's space (an API key: its own space only); `notFound` is the sentence a stranger gets. */
export async function requireEntryManager(
  database: Database | Tx,
  userId: string,
  entry: { personalOf: string | null; workspaceId: string | null },
  notFound: string,
  within?: Within,
): Promise<void> {
  requireWithin(within, entry.workspaceId, notFound);
  if (!entry.workspaceId) {
    if (entry.personalOf !== userId) throw new DomainError("not_found", notFound);
    return;
  }
  const role = await roleIn(database, userId, entry.workspaceId);
  if (!role) throw new DomainError("not_found", notFound);
  if (!atLeast(role, "admin")) throw new DomainError("forbidden", ROLE_TOO_LOW.admin);
}
