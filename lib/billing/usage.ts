import { and, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { usage } from "@/lib/db/schema";


/**
 * Reserves seconds of the user's allowance in one statement: the row is updated only if
 * the new total stays within the limit, so parallel uploads cannot overspend.
 */
export async function reserveSeconds(
  tx: Tx | Database,
  userId: string,
  periodStart: Date,
  seconds: number,
  limit: number | null,
): Promise<boolean> {
  if (limit !== null && seconds > limit) return false;
  const within = limit === null ? sql`true` : sql`${usage.secondsUsed} + ${seconds} <= ${limit}`;
  const rows = await tx
    .insert(usage)
    .values({ userId, periodStart, secondsUsed: seconds })
    .onConflictDoUpdate({
      target: [usage.userId, usage.periodStart],
      set: { secondsUsed: sql`${usage.secondsUsed} + ${seconds}`, updatedAt: new Date() },
      setWhere: within,
    })
    .returning({ secondsUsed: usage.secondsUsed });
  return rows.length > 0;
}

/** Gives back a reservation (a failed or canceled transcription does not count). */
export async function refundSeconds(tx: Tx | Database, userId: string, periodStart: Date, seconds: number): Promise<void> {
  await tx
    .update(usage)
    .set({ secondsUsed: sql`greatest(0, ${usage.secondsUsed} - ${seconds})` })
    .where(and(eq(usage.userId, userId), eq(usage.periodStart, periodStart)));
}

/** Seconds left in a period, read inside the caller's transaction; null without a limit. */
export async function remainingSeconds(tx: Tx | Database, userId: string, periodStart: Date, limit: number | null): Promise<number | null> {
  if (limit === null) return null;
  const [row] = await tx
    .select({ used: usage.secondsUsed })
    .from(usage)
    .where(and(eq(usage.userId, userId), eq(usage.periodStart, periodStart)));
  return Math.max(0, limit - (row?.used ?? 0));
}
