import { z } from "zod";
import type { Database, Tx } from "@/lib/db/client";
import { defineJob, exponentialBackoff } from "@/lib/jobs/definition";
import { enqueue } from "@/lib/jobs/store";
import { sendMail, type Mail } from "./mail";

const QueuedMail = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string() });

/** Tries over about half an hour (5 s, 20 s, 80 s, 5 min, 5 min …) before the mail counts as failed. */
const MAIL_ATTEMPTS = 8;

/**
 * Queues a mail for a worker to send: a slow or unreachable SMTP server never holds up a
 * sign-up, a reset or a webhook, and a failed send is retried with backoff. Inside a transaction
 * the mail is queued only if the change it reports commits.
 */
export async function queueMail(database: Tx | Database, mail: Mail): Promise<void> {
  // Each recipient takes turns with the others: one address's burst never holds up another's reset link.
  await enqueue(database, { kind: "mail", account: mail.to.toLowerCase(), payload: mail, maxAttempts: MAIL_ATTEMPTS });
}

/**
 * A worker sends a queued mail (over SMTP_URL, or to the dev outbox). A sent mail's content
 * (its sign-in links) is dropped; a failed one is kept as a dead letter an operator can send
 * again (its links expire on their own).
 */
export const mailJob = defineJob({
  kind: "mail",
  payload: QueuedMail,
  lane: "mail",
  maxAttempts: MAIL_ATTEMPTS,
  backoffMs: exponentialBackoff,
  dropPayloadWhenDone: true,
  run: ({ payload }) => sendMail(payload),
  transient: () => true,
  reason: (error) => `The mail job failed: ${(error as Error).message}`,
  operator: { cancel: async () => {}, redrive: async () => {} },
});
