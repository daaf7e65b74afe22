import { and, eq, getTableColumns, isNull, lt, or } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { apiKeys, users, type ApiKeyScope, type User } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { roleIn } from "@/lib/access/roles";
import { atLeast } from "@/lib/roles";
import { hashToken, isWellFormed } from "./tokens";

export const API_KEY_NOT_VALID = "This API key is not valid.";
export const API_KEY_READ_ONLY = "This API key can only read.";

/** last_used_at is kept to the minute: a busy script does not write on each request. */
const LAST_USED_PRECISION_MS = 60_000;

export interface KeyCaller {
  user: User;
  keyId: string;
  /** the space the key acts in (null: its user's personal space) */
  space: string | null;
  /** what the key may do */
  scope: ApiKeyScope;
}

/**
 * The caller a presented token stands for: a key that exists, is not revoked, whose user is
 * active and — for a workspace's key — still its owner or an admin, as only they may make
 * one (read on every request, so the key of an admin who left, was removed or was made a
 * member stops at once, and works again if they become an admin again). Anything else is the
 * same 401, telling a guesser nothing.
 */
export async function verifyApiKey(database: Database, token: string, now = new Date()): Promise<KeyCaller> {
  if (!isWellFormed(token)) throw new DomainError("unauthenticated", API_KEY_NOT_VALID);
  const [row] = await database
    .select({ key: getTableColumns(apiKeys), user: getTableColumns(users) })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.key.revokedAt || !row.user.isActive) throw new DomainError("unauthenticated", API_KEY_NOT_VALID);
  if (row.key.workspaceId && !atLeast(await roleIn(database, row.user.id, row.key.workspaceId), "admin")) {
    throw new DomainError("unauthenticated", API_KEY_NOT_VALID);
  }
  await noteUse(database, row.key.id, row.key.lastUsedAt, now);
  return { user: row.user, keyId: row.key.id, space: row.key.workspaceId, scope: row.key.scope };
}

/** Records the use when the last one recorded is a minute old or more (the condition holds across processes too). */
async function noteUse(database: Database, keyId: string, lastUsedAt: Date | null, now: Date): Promise<void> {
  if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
  const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
  await database
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}

/** Refuses a key that may only read on a route that changes something. */
export function requireScope(caller: KeyCaller, needed: ApiKeyScope): void {
  if (needed === "write" && caller.scope !== "write") throw new DomainError("forbidden", API_KEY_READ_ONLY);
}
