import { and, eq, like } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { accounts, users, verifications } from "@/lib/db/schema";

/** Whether the user can sign in with a password (Google-only accounts cannot). */
export async function hasPassword(database: Database | Tx, userId: string): Promise<boolean> {
  const [row] = await database
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return Boolean(row);
}

/** Every password-reset link of a user stops working (one was used, or the password changed). */
export async function endPasswordResets(database: Database | Tx, userId: string): Promise<void> {
  await database.delete(verifications).where(and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, userId)));
}

/** The owner proved they read the mailbox (a verification or reset link). */
export async function confirmAddress(database: Database | Tx, userId: string): Promise<void> {
  await database.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Signing in with another provider (Google) that vouches for the address: a password set
 * before the address was confirmed was set by someone who never proved they read that
 * mailbox (perhaps an attacker who signed up first), so it is removed.
 */
export async function dropUnconfirmedPassword(database: Database | Tx, userId: string): Promise<void> {
  const [user] = await database.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.verified) return;
  await database.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
}
