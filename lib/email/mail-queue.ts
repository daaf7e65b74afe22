import { z } from "zod";
import type { Database, Tx } from "@/lib/db/client";
import { exponentialBackoff, jobKind } from "@/lib/jobs/definition";
import { enqueue } from "@/lib/jobs/enqueue";
import type { Mail } from "./mail";

const QueuedMail = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string() });

/**
 * A mail a worker sends (./mail-job.ts), on a lane of its own so a reset link never waits
 * behind a long file. Tried over about half an hour (5 s, 20 s, 80 s, 5 min, 5 min …) before it
 * counts as failed; a sent mail's content (its sign-in links) is dropped.
 */
export const mailKind = jobKind({
  kind: "mail",
  payload: QueuedMail,
  lane: "mail",
  maxAttempts: 8,
  backoffMs: exponentialBackoff,
  dropPayloadWhenDone: true,
});

/**
 * Queues a mail for a worker to send: a slow or unreachable SMTP server never holds up a
 * sign-up, a reset or a webhook, and a failed send is retried with backoff. Inside a transaction
 * the mail is queued only if the change it reports commits.
 */
export async function queueMail(database: Tx | Database, mail: Mail): Promise<void> {
  // Each recipient takes turns with the others: one address's burst never holds up another's reset link.
  await enqueue(database, mailKind, mail, { account: mail.to.toLowerCase() });
}
