import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";

export interface Rule {
  windowSeconds: number;
  max: number;
}

/**
 * Limits per email address, on top of Better Auth's per-IP limits: an attacker who rotates
 * IPs (or forges X-Forwarded-For on a server without a proxy) still gets only `max`
 * attempts at one account, or `max` mails sent to one address, per window.
 */
export const EMAIL_RATE_LIMITS: Record<string, Rule> = {
  "/sign-in/email": { windowSeconds: 600, max: 10 },
  "/request-password-reset": { windowSeconds: 600, max: 3 },
  "/send-verification-email": { windowSeconds: 600, max: 3 },
};

/** Counts one attempt; false when the window's budget is spent. Atomic across processes. */
export async function consumeEmailAttempt(path: string, email: string, rule: Rule, now = Date.now()): Promise<boolean> {
  const key = `email|${path}|${email.trim().toLowerCase()}`;
  const windowStart = now - rule.windowSeconds * 1000;
  // last_request holds the start of the current window for these keys.
  const [row] = await db()
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
