import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";

/**
 * Requests one key may make per window. Counted in the rate_limits table that Better Auth
 * and the e-mail limits (lib/auth/email-rate-limit.ts) use, in the same fixed-window way: one
 * atomic upsert per request, so every server process shares the count.
 */
export const API_KEY_RATE_LIMIT = { windowSeconds: 60, max: 120 };

export interface RateDecision {
  allowed: boolean;
  /** seconds until the window ends (when not allowed) */
  retryAfterSeconds: number;
}

export async function consumeKeyRequest(database: Database, keyId: string, now = Date.now(), rule = API_KEY_RATE_LIMIT): Promise<RateDecision> {
  const key = `api-key|${keyId}`;
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = now - windowMs;
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
    .returning({ count: rateLimits.count, started: rateLimits.lastRequest });
  const count = row?.count ?? 1;
  const started = row?.started ?? now;
  if (count <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((started + windowMs - now) / 1000)) };
}

export function rateLimitedSentence(seconds: number): string {
  return `Too many requests with this API key: at most ${API_KEY_RATE_LIMIT.max} a minute. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
}
