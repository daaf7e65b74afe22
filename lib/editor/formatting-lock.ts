import { eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { formattingRuns } from "@/lib/db/schema";

/** Longer than any language-model call is allowed to take: a dead host's hold runs out by then. */
const HOLD_SECONDS = 10 * 60;

/**
 * Takes the user's one formatting slot, whichever web host asks; false while another run
 * holds it. A hold left by a host that died expires after HOLD_SECONDS.
 */
export async function holdFormatting(database: Database, userId: string): Promise<boolean> {
  const until = sql`now() + make_interval(secs => ${HOLD_SECONDS})`;
  const taken = await database
    .insert(formattingRuns)
    .values({ userId, until })
    .onConflictDoUpdate({ target: formattingRuns.userId, set: { until }, where: sql`${formattingRuns.until} < now()` })
    .returning({ userId: formattingRuns.userId });
  return taken.length > 0;
}

export async function releaseFormatting(database: Database, userId: string): Promise<void> {
  await database.delete(formattingRuns).where(eq(formattingRuns.userId, userId));
}
