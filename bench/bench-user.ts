import type { Database } from "@/lib/db/client";
import { subscriptions, users } from "@/lib/db/schema";

/** A user on the enterprise plan (no hour limit), for benchmarks. */
export async function benchUser(db: Database, id: string): Promise<string> {
  await db.insert(users).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  await db.insert(subscriptions).values({ id: `sub-${id}`, userId: id, planId: "enterprise", status: "active", billingInterval: "monthly" });
  return id;
}
