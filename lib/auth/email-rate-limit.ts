import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";

export interface Rule {
  windowSeconds: number;
  max: number;
}

/**
 * Limits per email address, on top of Better Auth's per-IP limits: whatever addresses a
 * sender uses, at most `max` mails go to one address per window. (Sign-in attempts are
 * limited per account and client in sign-in-throttle.)
 */
export const EMAIL_RATE_LIMITS: Record<string, Rule> = {
  "/request-password-reset": { windowSeconds: 600, max: 3 },
  "/send-verification-email": { windowSeconds: 600, max: 3 },
};

/** Counts one attempt under `scope`; false when the window's budget is spent. Atomic across processes. */
export async function consumeEmailAttempt(
  database: Database | Tx,
  scope: string,
  email: string,
  rule: Rule,
  now = Date.now(),
): Promise<boolean> {
  const key = `email|${scope}|${email.trim().toLowerCase()}`;
  const windowStart = now - rule.windowSeconds * 1000;
  // last_request holds the start of the current window for these keys.
  const [row] = await database
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} < ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 1) <= rule.max;
}
