import { defineJob } from "@/lib/jobs/definition";
import { sendMail } from "./mail";
import { mailKind } from "./mail-queue";

/**
 * A worker sends a queued mail (over SMTP_URL, or to the dev outbox). A failed one is kept as
 * a dead letter an operator can send again (its links expire on their own).
 */
export const mailJob = defineJob(mailKind, {
  run: ({ payload }) => sendMail(payload),
  transient: () => true,
  reason: (error) => `The mail job failed: ${(error as Error).message}`,
  operator: { cancel: async () => {}, redrive: async () => {} },
});
