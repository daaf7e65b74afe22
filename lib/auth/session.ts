import type { ApiUser } from "@/lib/api/contract/account";
import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { getAuth } from "./auth";
import { activeWorkspaceOf, findSessionUser, signedSessionToken } from "./session-lookup";

export function toApiUser(user: Pick<User, "id" | "email" | "name" | "image" | "isAdmin" | "emailVerified">): ApiUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    picture: user.image ?? null,
    is_admin: user.isAdmin,
    is_verified: user.emailVerified,
  };
}

/**
 * The signed-in, active user for these request headers, or null: one query per request, none on PGlite until a write
 * (session-lookup). Better Auth's getSession costs several, so it runs only when the session
 * is due to be extended (once a day per session), which it does as it always did.
 */
export async function currentUser(database: Database, headers: Headers): Promise<User | null> {
  const context = await getAuth().$context;
  const token = signedSessionToken(headers, context.authCookies.sessionToken.name, context.secret);
  if (!token) return null;
  const found = await findSessionUser(database, token);
  if (!found) return null;
  if (found.due && !(await getAuth().api.getSession({ headers }))) return null;
  return found.user;
}

/**
 * The space a signed-in request acts in: the session's active workspace while its user is a
 * member, else null (the personal space). Asked after currentUser found the user.
 */
export async function currentSpace(database: Database, headers: Headers): Promise<string | null> {
  const context = await getAuth().$context;
  const token = signedSessionToken(headers, context.authCookies.sessionToken.name, context.secret);
  return token ? activeWorkspaceOf(database, token) : null;
}
