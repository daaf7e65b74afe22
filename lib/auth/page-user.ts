import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { currentSpace, currentUser } from "./session";
import { activeWorkspace, type ActiveWorkspace } from "@/lib/access/active-space";

/** For server pages behind the proxy's login gate; the redirect covers a session that ended since. */
export async function requirePageUser(database: Database, path: string): Promise<User> {
  const user = await currentUser(database, await headers());
  if (!user) redirect(`/login?next=${encodeURIComponent(path)}`);
  return user;
}

/**
 * The page's user and the space they are working in: the workspace their session chose (if
 * they are still a member of it) or their personal space (null).
 */
export async function requirePageSpace(database: Database, path: string): Promise<{ user: User; workspace: ActiveWorkspace | null }> {
  const user = await requirePageUser(database, path);
  return { user, workspace: await activeWorkspace(database, user.id, await currentSpace(database, await headers())) };
}
