import type { Database } from "@/lib/db/client";
import { countInWindow } from "@/lib/db/fixed-window";

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
  /** requests left in this window after this one */
  remaining: number;
  /** seconds until the window ends and the count starts again */
  resetSeconds: number;
}

export async function consumeKeyRequest(database: Database, keyId: string, now = Date.now(), rule = API_KEY_RATE_LIMIT): Promise<RateDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const { count, started } = await countInWindow(database, `api-key|${keyId}`, rule.windowSeconds, now);
  const resetSeconds = Math.max(1, Math.ceil((started + windowMs - now) / 1000));
  const remaining = Math.max(0, rule.max - count);
  if (count <= rule.max) return { allowed: true, retryAfterSeconds: 0, remaining, resetSeconds };
  return { allowed: false, retryAfterSeconds: resetSeconds, remaining, resetSeconds };
}

/** The headers every answer to a key carries, so a client can pace itself before it meets a 429. */
export function rateLimitHeaders(rate: RateDecision, rule = API_KEY_RATE_LIMIT): Record<string, string> {
  return { "ratelimit-limit": String(rule.max), "ratelimit-remaining": String(rate.remaining), "ratelimit-reset": String(rate.resetSeconds) };
}

export function rateLimitedSentence(seconds: number): string {
  return `Too many requests with this API key: at most ${API_KEY_RATE_LIMIT.max} a minute. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
}
