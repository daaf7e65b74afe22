import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";

/** Whether the user can sign in with a password (Google-only accounts cannot). */
export async function hasPassword(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return Boolean(row);
}
