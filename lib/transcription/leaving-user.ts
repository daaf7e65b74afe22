import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptions, workspaceMembers, workspaces } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * A deleted account takes its own data with it, never a team's. Deleting a user's row
 * cascades to the transcriptions they uploaded, so before it:
 * - a workspace they own that has other members must be deleted first (its transcriptions
 *   come back to them), else the team would be left without an owner who pays;
 * - what they added to other people's workspaces passes to each workspace's owner, audio and
 *   all (its files stay where they are: `audio_key` names them).
 * Returns the audio keys of what goes with the account: only those are removed afterwards.
 */
export async function handOverBeforeDeletion(database: Database, userId: string): Promise<{ removedAudio: string[] }> {
  const owned = database.select({ id: workspaceMembers.workspaceId }).from(workspaceMembers).where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, "owner")));
  const [shared] = await database
    .select({ name: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(inArray(workspaceMembers.workspaceId, owned), ne(workspaceMembers.userId, userId)))
    .limit(1);
  if (shared) {
    throw new DomainError("conflict", `You own the workspace “${shared.name}”, which has other members. Delete it first (its transcriptions come back to you), then delete your account.`);
  }
  await database.execute(sql`
    update ${transcriptions} t set user_id = m.user_id, billed_user_id = coalesce(t.billed_user_id, m.user_id)
    from ${workspaceMembers} m
    where t.user_id = ${userId} and t.workspace_id = m.organization_id and m.role = 'owner' and m.user_id <> ${userId}`);
  const going = await database.select({ audioKey: transcriptions.audioKey }).from(transcriptions).where(eq(transcriptions.userId, userId));
  const kept = await database
    .select({ id: transcriptions.id })
    .from(transcriptions)
    .where(and(sql`${transcriptions.audioKey} like ${`${userId}/%`}`, ne(transcriptions.userId, userId)))
    .limit(1);
  // Nothing under their folder stays with others: the whole folder goes (uploads never finished included).
  return { removedAudio: kept.length ? going.map((t) => t.audioKey) : [userId] };
}
