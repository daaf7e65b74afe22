import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { sessions, users } from "@/lib/db/schema";

/**
 * Activates or deactivates a user. Deactivation deletes every session in the same
 * transaction, so all of the user's devices are signed out at once.
 */
export async function setUserActive(database: Database, userId: string, active: boolean): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.update(users).set({ isActive: active }).where(eq(users.id, userId));
    if (!active) await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}
