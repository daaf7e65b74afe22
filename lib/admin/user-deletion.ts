import { count, eq } from "drizzle-orm";
import type { DeletedUser } from "@/lib/api/contract/admin";
import type { BillingProvider } from "@/lib/billing/provider-types";
import type { Database } from "@/lib/db/client";
import { billingEvents, subscriptions, transcriptions, users, type User } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { removeUserAudioQuietly } from "@/lib/storage/audio-store";
import { handOverBeforeDeletion } from "@/lib/transcription/leaving-user";
import { recordAudit, type Actor } from "./audit-log";
import { USER_NOT_FOUND } from "./admin-users";

export const CANNOT_DELETE_SELF = "You cannot delete your own account.";

async function countOf(database: Database, table: typeof transcriptions | typeof subscriptions | typeof billingEvents, userId: string) {
  const [row] = await database.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return Number(row?.n ?? 0);
}

/** What the audit entry keeps of a deleted account: who it was and how much went with it. */
async function removalRecord(database: Database, user: User) {
  return {
    name: user.name,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    transcriptions: await countOf(database, transcriptions, user.id),
    subscriptions: await countOf(database, subscriptions, user.id),
    billing_events: await countOf(database, billingEvents, user.id),
  };
}

/**
 * Permanent deletion (spec §6): Stripe subscriptions are canceled first — if Stripe refuses,
 * nothing is deleted and the operator sees why (the provider's DomainError passes through). Then the user row goes, and with it by
 * foreign-key cascade their sessions, transcriptions, segments, jobs, usage, subscriptions,
 * billing history, styles and picture; last, their audio files.
 */
export async function deleteUserAsOperator(
  database: Database,
  actor: Actor,
  userId: string,
  billing: BillingProvider,
): Promise<DeletedUser> {
  if (userId === actor.id) throw new DomainError("invalid", CANNOT_DELETE_SELF);
  const [user] = await database.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError("not_found", USER_NOT_FOUND);
  await billing.cancelSubscriptionsOf(database, userId);
  const { removedAudio } = await handOverBeforeDeletion(database, userId);
  const before = await removalRecord(database, user);
  await database.transaction(async (tx) => {
    await recordAudit(tx, actor, {
      action: "user.deleted",
      targetType: "user",
      targetId: userId,
      summary: `Deleted ${user.name} (${user.email}) and all their data`,
      before,
      after: null,
    });
    await tx.delete(users).where(eq(users.id, userId));
  });
  await removeUserAudioQuietly(userId, removedAudio);
  return { id: user.id, name: user.name, email: user.email };
}
