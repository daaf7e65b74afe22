import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { users, workspaceInvitations, workspaceMembers, type User } from "@/lib/db/schema";
import { currentSubscription } from "./current-subscription";

/**
 * Whether the plan dialog opens by itself: until the user has closed it once, and never for
 * someone who came to join a team (an open invitation to their address, or a seat in a
 * workspace someone else owns: the owner pays) or who has chosen a plan already.
 */
export async function shouldShowOnboarding(database: Database, user: Pick<User, "id" | "email" | "onboardingSeenAt">, now = new Date()): Promise<boolean> {
  if (user.onboardingSeenAt !== null) return false;
  const [invited, member, subscription] = await Promise.all([
    database
      .select({ id: workspaceInvitations.id })
      .from(workspaceInvitations)
      .where(
        and(
          // Better Auth keeps addresses in lower case; an invitation typed in capitals is still theirs.
          eq(sql`lower(${workspaceInvitations.email})`, user.email.toLowerCase()),
          eq(workspaceInvitations.status, "pending"),
          gt(workspaceInvitations.expiresAt, now),
        ),
      )
      .limit(1),
    database
      .select({ id: workspaceMembers.id })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, user.id), ne(workspaceMembers.role, "owner")))
      .limit(1),
    currentSubscription(database, user.id, now),
  ]);
  return invited.length === 0 && member.length === 0 && subscription === undefined;
}

export async function markOnboardingSeen(database: Database, userId: string, now = new Date()): Promise<void> {
  await database
    .update(users)
    .set({ onboardingSeenAt: now })
    .where(and(eq(users.id, userId), isNull(users.onboardingSeenAt)));
}
