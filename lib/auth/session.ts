import type { ApiUser } from "@/lib/api/contract/account";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { sessions, users, type User } from "@/lib/db/schema";
import { getAuth } from "./auth";


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

/** The signed-in, active user for these request headers, or null. */
export async function currentUser(database: Database, headers: Headers): Promise<User | null> {
  const session = await getAuth().api.getSession({ headers });
  if (!session) return null;
  const [user] = await database.select().from(users).where(eq(users.id, session.user.id)).limit(1);
  if (!user) return null;
  if (!user.isActive) {
    // Deactivation revokes sessions; this closes the window if one slipped through.
    await revokeAllSessions(database, user.id);
    return null;
  }
  return user;
}

export async function revokeAllSessions(database: Database | Tx, userId: string): Promise<void> {
  await database.delete(sessions).where(eq(sessions.userId, userId));
}
