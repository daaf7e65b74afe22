import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { subscriptions, users } from "@/lib/db/schema";
import type { StreamReader } from "@/lib/transcription/event-stream";

/** A user row (and optionally a subscription) for tests below the HTTP layer. */
export async function insertUser(database: Database, plan?: "pro" | "premium"): Promise<string> {
  const id = randomUUID();
  await database.insert(users).values({ id, name: "Test", email: `${id}@example.com`, emailVerified: true });
  if (plan) {
    await database.insert(subscriptions).values({
      id: randomUUID(),
      userId: id,
      planId: plan,
      status: "active",
      billingInterval: "monthly",
    });
  }
  return id;
}

/** The user as an event stream's reader whose session stays signed in (the streams' own tests end it). */
export const signedInReader = (userId: string): StreamReader => ({ userId, stillSignedIn: async () => true });
