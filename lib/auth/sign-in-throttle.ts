import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";
import { type Rule, consumeEmailAttempt } from "./email-rate-limit";

/**
 * Password guessing is slowed at two levels, so that an attacker elsewhere can never lock
 * the owner out:
 * - per (account, client): 10 attempts per 10 minutes, then 429 for that client only;
 * - per account, from every client together: after 10 failures within an hour each further
 *   attempt waits 1, 2, 4 … up to 60 seconds after the previous failure. Distributed
 *   guessing gets about one try a minute; the owner waits a minute at worst.
 * A successful sign-in clears the account's failures.
 */
const SIGN_IN_PER_CLIENT: Rule = { windowSeconds: 600, max: 10 };
export const FREE_FAILURES = 10;
const FAILURE_WINDOW_MS = 3600_000;
const MAX_DELAY_S = 60;

const failureKey = (email: string) => `signin-failures|${email.trim().toLowerCase()}`;

/** Counts this client's attempt at this account; false when its budget is spent. */
export function consumeClientAttempt(database: Database | Tx, email: string, client: string, now = Date.now()): Promise<boolean> {
  return consumeEmailAttempt(database, `/sign-in/email|${client}`, email, SIGN_IN_PER_CLIENT, now);
}

export function delayAfter(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(MAX_DELAY_S, 2 ** (failures - FREE_FAILURES));
}

/** Seconds to wait before this account may be tried again (0: now). */
export async function secondsUntilNextTry(database: Database | Tx, email: string, now = Date.now()): Promise<number> {
  const [row] = await database.select().from(rateLimits).where(eq(rateLimits.key, failureKey(email))).limit(1);
  if (!row || row.lastRequest < now - FAILURE_WINDOW_MS) return 0;
  const waitMs = row.lastRequest + delayAfter(row.count) * 1000 - now;
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

export async function recordFailure(database: Database | Tx, email: string, now = Date.now()): Promise<void> {
  const windowStart = now - FAILURE_WINDOW_MS;
  await database
    .insert(rateLimits)
    .values({ id: randomUUID(), key: failureKey(email), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: now,
      },
    });
}

export async function clearFailures(database: Database | Tx, email: string): Promise<void> {
  await database.delete(rateLimits).where(eq(rateLimits.key, failureKey(email)));
}
