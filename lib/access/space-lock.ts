import { eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { users, workspaces } from "@/lib/db/schema";

/**
 * Holds a space's row (the workspace's, or the user's for the personal space) to the commit:
 * two adds at once to one space's capped list take turns, so both cannot pass the count.
 */
export async function lockSpace(tx: Tx, userId: string, workspaceId: string | null): Promise<void> {
  if (workspaceId) await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
  else await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}
