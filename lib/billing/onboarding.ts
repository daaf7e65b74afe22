import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";

/** The onboarding subscription modal shows until the user has closed it once. */
export function shouldShowOnboarding(user: Pick<User, "onboardingSeenAt">): boolean {
  return user.onboardingSeenAt === null;
}

export async function markOnboardingSeen(database: Database, userId: string, now = new Date()): Promise<void> {
  await database
    .update(users)
    .set({ onboardingSeenAt: now })
    .where(and(eq(users.id, userId), isNull(users.onboardingSeenAt)));
}
