import { z } from "zod";
import type { Database, Tx } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/job-queue";
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
  await enqueueJob(database, { kind: "mail", payload: mail, maxAttempts: MAIL_ATTEMPTS });
}

/** A worker sends a queued mail (over SMTP_URL, or to the dev outbox). */
export async function deliverQueuedMail(payload: unknown): Promise<void> {
  await sendMail(QueuedMail.parse(payload));
}

/** A send that failed for the server's or the network's reasons, not because the queued mail is malformed. */
export const isTransientMailFailure = (error: unknown): boolean => !(error instanceof z.ZodError);
