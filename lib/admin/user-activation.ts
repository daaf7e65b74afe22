import { and, eq, inArray } from "drizzle-orm";
import type { AdminUser } from "@/lib/api/contract/admin";
import { setUserActive } from "@/lib/account/activation";
import type { Database } from "@/lib/db/client";
import { transcriptions, users } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { cancelTranscription } from "@/lib/transcription/queue";
import { USER_NOT_FOUND, findAdminUser } from "./admin-users";
import { recordAudit, type Actor } from "./audit-log";

export const CANNOT_DEACTIVATE_SELF = "You cannot deactivate your own account.";

/** Cancels (and refunds) everything of the user still waiting for or on a worker. */
async function stopOpenJobs(database: Database, userId: string): Promise<number> {
  const open = await database
    .select({ id: transcriptions.id })
    .from(transcriptions)
    .where(and(eq(transcriptions.userId, userId), inArray(transcriptions.status, ["recording", "queued", "processing"])));
  let stopped = 0;
  for (const { id } of open) if (await cancelTranscription(database, id, userId)) stopped++;
  return stopped;
}

/**
 * Deactivation signs the user out everywhere (sessions deleted with the flag, in one
 * transaction) and stops their queued and running transcriptions; sign-in is refused
 * until an operator activates the account again.
 */
export async function setActiveAsOperator(database: Database, actor: Actor, userId: string, active: boolean): Promise<AdminUser> {
  if (userId === actor.id && !active) throw new DomainError("invalid", CANNOT_DEACTIVATE_SELF);
  const [target] = await database.select().from(users).where(eq(users.id, userId));
  if (!target) throw new DomainError("not_found", USER_NOT_FOUND);
  await database.transaction(async (tx) => {
    await setUserActive(tx, userId, active);
    if (target.isActive === active) return;
    await recordAudit(tx, actor, {
      action: active ? "user.activated" : "user.deactivated",
      targetType: "user",
      targetId: userId,
      summary: `${active ? "Activated" : "Deactivated"} ${target.name} (${target.email})`,
      before: { is_active: target.isActive },
      after: { is_active: active },
    });
  });
  if (!active) await stopOpenJobs(database, userId);
  return findAdminUser(database, userId);
}
