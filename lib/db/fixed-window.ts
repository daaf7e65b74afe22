import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, Tx } from "./client";
import { rateLimits } from "./schema";

/**
 * One more under `key` in a fixed window of `windowSeconds`, counted in the rate_limits table
 * Better Auth uses: one atomic upsert, so every server process shares the count. Returns the
 * window's count with this one and when the window started (ms). The e-mail, API-key and
 * share-link limits are all this.
 */
export async function countInWindow(database: Database | Tx, key: string, windowSeconds: number, now = Date.now()): Promise<{ count: number; started: number }> {
  const windowStart = now - windowSeconds * 1000;
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
  return { count: row?.count ?? 1, started: row?.started ?? now };
}
