import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, getTableColumns } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { sessions, users, type User } from "@/lib/db/schema";
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

/**
 * The active user of a live session, in one indexed query (sessions.token is unique) joining
 * the session to its user: every request sees users.is_active as it is now, nothing cached.
 * `due` says the session is older than SESSION_UPDATE_AGE and should be extended.
 */
export async function findSessionUser(database: Database, token: string, now = Date.now()): Promise<{ user: User; due: boolean } | null> {
  const [row] = await database
    .select({ user: getTableColumns(users), expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, token))
    .limit(1);
  if (!row) return null;
  const expiresAt = row.expiresAt.getTime();
  if (expiresAt <= now) return null;
  if (!row.user.isActive) {
    // Deactivation revokes sessions; this closes the window if one slipped through.
    await revokeAllSessions(database, row.user.id);
    return null;
  }
  return { user: row.user, due: expiresAt - (SESSION_EXPIRES_IN - SESSION_UPDATE_AGE) * 1000 <= now };
}

export async function revokeAllSessions(database: Database | Tx, userId: string): Promise<void> {
  await database.delete(sessions).where(eq(sessions.userId, userId));
}
