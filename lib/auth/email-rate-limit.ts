import type { Database, Tx } from "@/lib/db/client";
import { countInWindow } from "@/lib/db/fixed-window";

export interface Rule {
  windowSeconds: number;
  max: number;
}

/**
 * Limits per email address, on top of Better Auth's per-IP limits: whatever addresses a
 * sender uses, at most `max` mails go to one address per window. (Sign-in attempts are
 * limited per account and client in sign-in-throttle.)
 */
export const EMAIL_RATE_LIMITS: Record<string, Rule> = {
  "/request-password-reset": { windowSeconds: 600, max: 3 },
  "/send-verification-email": { windowSeconds: 600, max: 3 },
};

/** Counts one attempt under `scope`; false when the window's budget is spent. Atomic across processes. */
export async function consumeEmailAttempt(
  database: Database | Tx,
  scope: string,
  email: string,
  rule: Rule,
  now = Date.now(),
): Promise<boolean> {
  const { count } = await countInWindow(database, `email|${scope}|${email.trim().toLowerCase()}`, rule.windowSeconds, now);
  return count <= rule.max;
}
