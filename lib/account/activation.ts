import { eq } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { sessions, users } from "@/lib/db/schema";

/**
 * Activates or deactivates a user. Deactivation deletes every session, so all of the
 * user's devices are signed out at once; pass a transaction to make both one change.
 */
export async function setUserActive(executor: Database | Tx, userId: string, active: boolean): Promise<void> {
  await executor.update(users).set({ isActive: active }).where(eq(users.id, userId));
  if (!active) await executor.delete(sessions).where(eq(sessions.userId, userId));
}
