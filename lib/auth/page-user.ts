import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { User } from "@/lib/db/schema";
import { currentUser } from "./session";

/** For server pages behind the proxy's login gate; the redirect covers a session that ended since. */
export async function requirePageUser(path: string): Promise<User> {
  const user = await currentUser(await headers());
  if (!user) redirect(`/login?next=${encodeURIComponent(path)}`);
  return user;
}

export async function optionalPageUser(): Promise<User | null> {
  return currentUser(await headers());
}
