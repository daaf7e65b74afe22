import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { currentUser } from "./session";

/** For server pages behind the proxy's login gate; the redirect covers a session that ended since. */
export async function requirePageUser(database: Database, path: string): Promise<User> {
  const user = await currentUser(database, await headers());
  if (!user) redirect(`/login?next=${encodeURIComponent(path)}`);
  return user;
}
