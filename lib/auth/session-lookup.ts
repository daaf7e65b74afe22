import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, getTableColumns } from "drizzle-orm";
import { authWriteCounter } from "@/lib/db/auth-writes";
import type { Database, Tx } from "@/lib/db/client";
import { sessions, users, workspaceMembers, type User } from "@/lib/db/schema";
import { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from "./session-ages";

/**
 * The session token from Better Auth's signed cookie (`token.base64(HMAC-SHA256)`, URI-encoded),
 * or null when absent or not signed with this secret. Better Auth gives the name and secret.
 */
export function signedSessionToken(headers: Headers, cookieName: string, secret: string): string | null {
  const pair = headers
    .get("cookie")
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${cookieName}=`));
  if (!pair) return null;
  let value: string;
  try {
    value = decodeURIComponent(pair.slice(cookieName.length + 1));
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

interface SessionRow {
  user: User;
  expiresAt: number;
  /** the workspace the session shows (sessions.active_organization_id), member or not */
  activeWorkspaceId: string | null;
}

interface LookupCache {
  /** the write count the entries were read at */
  writes: number;
  rows: Map<string, { row: SessionRow | null; readAt: number }>;
}

// Shared by every bundle that imports this module, like the database handle.
const globalForLookups = globalThis as unknown as { verbatimSessionLookups?: WeakMap<Database, LookupCache> };
const lookupCaches = (globalForLookups.verbatimSessionLookups ??= new WeakMap());
// Signed tokens only reach the cache, but a bound keeps memory flat whatever happens.
const MAX_CACHED_SESSIONS = 10_000;
/**
 * A kept answer is read again after this long whatever the counter says: should the link that
 * carries other hosts' notifications fail silently (no error, no reset), a revocation made
 * there still reaches this host within it.
 */
const MAX_KEPT_MS = 30_000;

/**
 * The session and its user, in one indexed query (sessions.token is unique). The answer is
 * kept until the next committed write to users or sessions — a deactivation, a logout, a
 * session extended, a role given — which drops every kept answer (lib/db/auth-writes.ts):
 * - this process's own writes before the writer's call returns, so nothing stale is served
 *   to the next request;
 * - another process's (another web host, a worker, an operator's script) when PostgreSQL's
 *   notification of its commit arrives, a moment later;
 * - while nobody listens (the listening connection lost), nothing is kept.
 */
async function sessionRow(database: Database, token: string, now = Date.now()): Promise<SessionRow | null> {
  const counter = authWriteCounter(database);
  let cache = counter && lookupCaches.get(database);
  if (counter && cache?.writes !== counter.count) {
    cache = { writes: counter.count, rows: new Map() };
    lookupCaches.set(database, cache);
  }
  const kept = cache?.rows.get(token);
  if (kept && now - kept.readAt < MAX_KEPT_MS) return kept.row;
  const [row] = await database
    .select({ user: getTableColumns(users), expiresAt: sessions.expiresAt, activeWorkspaceId: sessions.activeWorkspaceId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, token))
    .limit(1);
  const found = row ? { user: row.user, expiresAt: row.expiresAt.getTime(), activeWorkspaceId: row.activeWorkspaceId } : null;
  // Kept only if no write was counted while the query ran (its answer may predate that write).
  if (counter && cache && cache.writes === counter.count && (kept || cache.rows.size < MAX_CACHED_SESSIONS)) cache.rows.set(token, { row: found, readAt: now });
  return found;
}

/**
 * The active user of a live session: every request sees users.is_active as it is now.
 * `due` says the session is older than SESSION_UPDATE_AGE and should be extended.
 */
export async function findSessionUser(database: Database, token: string, now = Date.now()): Promise<{ user: User; due: boolean } | null> {
  const row = await sessionRow(database, token, now);
  if (!row) return null;
  if (row.expiresAt <= now) return null;
  if (!row.user.isActive) {
    // Deactivation revokes sessions; this closes the window if one slipped through.
    await revokeAllSessions(database, row.user.id);
    return null;
  }
  return { user: row.user, due: row.expiresAt - (SESSION_EXPIRES_IN - SESSION_UPDATE_AGE) * 1000 <= now };
}

/**
 * The workspace the session shows (sessions.active_organization_id) while its user is still a
 * member of it, else null (the personal space). The session row is the one findSessionUser
 * read (kept until a write to sessions, such as choosing another workspace); the
 * membership is read on every request and never kept, so a removed member's session falls
 * back to their personal space at once. The personal space costs no query more.
 */
export async function activeWorkspaceOf(database: Database, token: string): Promise<string | null> {
  const row = await sessionRow(database, token);
  if (!row?.activeWorkspaceId) return null;
  const [member] = await database
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, row.activeWorkspaceId), eq(workspaceMembers.userId, row.user.id)))
    .limit(1);
  return member ? row.activeWorkspaceId : null;
}

export async function revokeAllSessions(database: Database | Tx, userId: string): Promise<void> {
  await database.delete(sessions).where(eq(sessions.userId, userId));
}
