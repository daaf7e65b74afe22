/** The billing events of one user, newest first: the account page's history and the admin's dialog. */
import { desc, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { billingEvents, type BillingEvent } from "@/lib/db/schema";

/** A user sees the last year or so of changes; the admin sees everything. */
export const ACCOUNT_HISTORY_LIMIT = 50;

export async function billingEventsOf(database: Database, userId: string, limit?: number): Promise<BillingEvent[]> {
  const query = database
    .select()
    .from(billingEvents)
    .where(eq(billingEvents.userId, userId))
    .orderBy(desc(billingEvents.createdAt), desc(billingEvents.id));
  return limit === undefined ? query : query.limit(limit);
}
