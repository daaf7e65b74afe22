import { and, eq, like } from "drizzle-orm";
import { db, type Database, type Tx } from "@/lib/db/client";
import { accounts, users, verifications } from "@/lib/db/schema";

/** Whether the user can sign in with a password (Google-only accounts cannot). */
export async function hasPassword(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return Boolean(row);
}

/** Every password-reset link of a user stops working (one was used, or the password changed). */
export async function endPasswordResets(userId: string, tx: Database | Tx = db()): Promise<void> {
  await tx.delete(verifications).where(and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, userId)));
}

/** The owner proved they read the mailbox (a verification or reset link). */
export async function confirmAddress(userId: string, tx: Database | Tx = db()): Promise<void> {
  await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Signing in with another provider (Google) that vouches for the address: a password set
 * before the address was confirmed was set by someone who never proved they read that
 * mailbox (perhaps an attacker who signed up first), so it is removed.
 */
export async function dropUnconfirmedPassword(userId: string): Promise<void> {
  const [user] = await db().select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.verified) return;
  await db().delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
}
