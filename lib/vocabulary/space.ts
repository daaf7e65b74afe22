import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database, Tx } from "@/lib/db/client";
import { requireRole } from "@/lib/access/roles";
import { requireWithin, type Within } from "@/lib/access/visibility";
import { atLeast } from "@/lib/roles";

/**
 * Whose list a vocabulary or replacement request reads: the personal space's (its user alone)
 * or a workspace's (its members read it; its owner and admins change it:
 * lib/access/space-manager.ts). A session may name its personal list while a workspace is
 * active; an API key reaches its own space only.
 */
export interface ListSpace {
  workspaceId: string | null;
  mayManage: boolean;
}

/** The space a request acts in: `personal` asks for the user's own list. */
export function chosenSpace(space: string | null, personal: boolean, within: Within | undefined, notFound: string): string | null {
  const chosen = personal ? null : space;
  requireWithin(within, chosen, notFound);
  return chosen;
}

/** The caller may read this space's list; says whether they may change it too. */
export async function readableList(database: Database | Tx, userId: string, workspaceId: string | null): Promise<ListSpace> {
  if (!workspaceId) return { workspaceId, mayManage: true };
  const role = await requireRole(database, userId, workspaceId, "viewer");
  return { workspaceId, mayManage: atLeast(role, "admin") };
}

/** The columns that say whose an entry is. */
export interface SpaceColumns {
  ownerUserId: PgColumn;
  workspaceId: PgColumn;
}

/** An entry of this space: a workspace's, or the user's personal one. */
export function ofSpace(columns: SpaceColumns, userId: string, workspaceId: string | null): SQL {
  return workspaceId ? eq(columns.workspaceId, workspaceId) : and(eq(columns.ownerUserId, userId), isNull(columns.workspaceId))!;
}

/** Lists read as a person sorts them (Ælfric before Dashwood), not by character codes. */
export const alphabetically = new Intl.Collator("en", { sensitivity: "base", numeric: true }).compare;
