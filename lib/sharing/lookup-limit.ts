import { and, eq, gte } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { countInWindow } from "@/lib/db/fixed-window";
import { rateLimits } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * Well-formed tokens that opened nothing, per client address and window. Only misses count: a
 * player fetching audio by ranges makes many lookups of a good token, and those must never be
 * slowed; someone trying tokens makes nothing but misses. (A 256-bit token cannot be guessed
 * anyway; this keeps trying from costing the database.) Counted in the rate_limits table, as the
 * sign-in and API-key limits are, with one atomic upsert per miss.
 */
export const SHARE_MISS_LIMIT = { windowSeconds: 600, max: 30 };

const keyOf = (client: string) => `share-miss|${client}`;

/** Refuses a client that has used up its misses in the current window (one indexed read). */
export async function refuseWhenGuessing(database: Database, client: string, now = Date.now(), rule = SHARE_MISS_LIMIT): Promise<void> {
  const windowStart = now - rule.windowSeconds * 1000;
  const [row] = await database
    .select({ count: rateLimits.count, started: rateLimits.lastRequest })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, keyOf(client)), gte(rateLimits.lastRequest, windowStart)));
  if (!row || row.count < rule.max) return;
  const minutes = Math.max(1, Math.ceil((row.started + rule.windowSeconds * 1000 - now) / 60_000));
  throw new DomainError("rate_limited", `Too many links that do not open were tried from your address. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
}

/** Counts one miss of this client. */
export async function countMiss(database: Database, client: string, now = Date.now(), rule = SHARE_MISS_LIMIT): Promise<void> {
  await countInWindow(database, keyOf(client), rule.windowSeconds, now);
}
