/**
 * Who pays for a transcription: its uploader in their personal space, the workspace's owner in
 * a workspace. The payer's plan decides the hours (counted in the payer's usage row, so an
 * owner's meter shows the whole workspace with their own recordings), the languages and the
 * gates of whatever is made or done in that space.
 */
import { and, eq } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { workspaceMembers, type Transcription } from "@/lib/db/schema";

/** The owner of a workspace (its one member with role owner), or null when it has none (it is being deleted). */
export async function workspaceOwner(database: Database | Tx, workspaceId: string): Promise<string | null> {
  const [row] = await database
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * The user whose plan pays for what `userId` does in the space `workspaceId` (null: their
 * personal space). Not an access check: the caller has already checked that `userId` may act
 * in that workspace. A workspace without an owner falls back to the user themselves.
 */
export async function payerOf(database: Database | Tx, { userId, workspaceId }: { userId: string; workspaceId?: string | null }): Promise<string> {
  if (!workspaceId) return userId;
  return (await workspaceOwner(database, workspaceId)) ?? userId;
}

/** Whose plan applies to a transcription where it is now (its gates: editing, exports, sharing). */
export async function payerOfTranscription(database: Database | Tx, t: Pick<Transcription, "userId" | "workspaceId">): Promise<string> {
  return payerOf(database, { userId: t.userId, workspaceId: t.workspaceId });
}

/**
 * Whose usage row holds a transcription's reserved seconds: the payer when it was made (written
 * down then, so a move or a change of owner never sends a refund to someone who did not pay),
 * else its uploader (rows from before workspaces).
 */
export function billedUserOf(t: Pick<Transcription, "userId" | "billedUserId">): string {
  return t.billedUserId ?? t.userId;
}
