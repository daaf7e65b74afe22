import type { Database } from "@/lib/db/client";
import { queueMail } from "@/lib/email/mail-queue";
import { verificationMail } from "@/lib/email/templates";
import { consumeEmailAttempt, type Rule } from "./email-rate-limit";

/**
 * Signing in to an account whose address is not confirmed yet sends the verification link
 * again, but at most once in this many seconds per address: otherwise each attempt — anyone's,
 * with any password — would put one more mail in the owner's inbox.
 */
export const VERIFICATION_MAIL_INTERVAL_SECONDS = 5 * 60;

const ONE_PER_INTERVAL: Rule = { windowSeconds: VERIFICATION_MAIL_INTERVAL_SECONDS, max: 1 };

/** Where a person asks for the link themselves; each has its own limit (Better Auth's per client, EMAIL_RATE_LIMITS per address). */
const ASKED_FOR = ["/sign-up/email", "/send-verification-email"];

/**
 * Queues the verification mail Better Auth asks for during `request`. Asked for at sign-up or
 * with "send the link again", it always goes; asked for by anything else (a sign-in to the
 * unconfirmed account) only if no verification mail went to the address in the last
 * VERIFICATION_MAIL_INTERVAL_SECONDS. Every link stays valid for a day, so the one sent
 * before still works, and the sign-in answers the same either way. The count is kept in the
 * database (rate_limits), so it holds across processes.
 */
export async function sendVerificationLink(database: Database, user: { email: string; name: string }, link: string, request: Request | undefined): Promise<void> {
  const path = request ? new URL(request.url).pathname : "";
  const asked = ASKED_FOR.some((endpoint) => path.endsWith(endpoint));
  const first = await consumeEmailAttempt(database, "verification-mail", user.email, ONE_PER_INTERVAL);
  if (asked || first) await queueMail(database, verificationMail(user.email, user.name, link));
}
