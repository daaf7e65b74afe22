import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { users } from "@/lib/db/schema";

/** Whether a long transcription's end is mailed to this user (lib/transcription/queue.ts sends it). */
export async function setEmailWhenDone(database: Database, userId: string, on: boolean): Promise<boolean> {
  await database.update(users).set({ emailWhenDone: on }).where(eq(users.id, userId));
  return on;
}
