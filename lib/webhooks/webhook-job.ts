import { and, eq, ne, sql } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { webhookDeliveries, webhooks } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { defineJob, type JobOutcome, type JobRun } from "@/lib/jobs/definition";
import { EXHAUSTED } from "@/lib/jobs/run-job";
import { complete, postpone, type HeldJob } from "@/lib/jobs/store";
import { attemptEntry, BUSY_RETRY_MS, endpointDelivered, endpointFailed, freeEndpoint, holdSentence, takeEndpoint, type EndpointGate } from "./endpoint-health";
import { NO_LONGER_MANAGED, stillManaged } from "./endpoints";
import { configuredPolicy } from "./endpoint-url";
import { DeliveryError, postWebhook } from "./send";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";
import { webhookKind, WebhookJobPayload } from "./webhook-queue";


export const USER_AGENT = "Verbatim-Webhooks/1";

const pendingDelivery = (id: string) => and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, "pending"));

/** The headers of one attempt: signed now, so a retry an hour later still passes a receiver's 5-minute tolerance. */
function deliveryHeaders(delivery: { id: string; event: string; secret: string }, body: string, now = Math.floor(Date.now() / 1000)): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "verbatim-event": delivery.event,
    "verbatim-delivery": delivery.id,
    [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(delivery.secret, body, now),
  };
}

/** The log entry of a failed attempt. */
const failedAttempt = (failure: DeliveryError) => ({
  outcome: failure.responseStatus !== null ? ("status" as const) : failure.timedOut ? ("timeout" as const) : ("error" as const),
  status: failure.responseStatus,
  message: failure.message,
});

/**
 * One attempt of a delivery, if its endpoint lets it: one delivery per endpoint at a time (a
 * busy endpoint's next goes back to the queue for a second, uncounted), none while it backs
 * off (back to the queue until the pause ends, uncounted, noted in the log), none once it is
 * disabled (the delivery fails with that sentence). Delivered: the delivery, the endpoint's
 * health and the job's end commit together. Not delivered: the attempt and the endpoint's
 * failure are written, and the throw hands the job back for its backoff, or ends it when the
 * address is refused, the endpoint was just disabled or no attempt is left (onFailed).
 */
async function deliver({ database, job, payload, signal }: JobRun<WebhookJobPayload>): Promise<JobOutcome | void> {
  const [target] = await database
    .select({ id: webhookDeliveries.id, event: webhookDeliveries.event, status: webhookDeliveries.status, payload: webhookDeliveries.payload, webhookId: webhooks.id, url: webhooks.url, secret: webhooks.secret })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(and(eq(webhookDeliveries.id, payload.deliveryId), stillManaged));
  // Gone with its webhook, or ended by an operator: nothing to send. Its maker no longer
  // manages the space: not sent, and said so in the log (not left "Sending" for ever).
  if (!target) return failUnmanaged(database, payload.deliveryId);
  if (target.status !== "pending") return;
  const gate = await takeEndpoint(database, target.webhookId);
  if (!gate.open) return holdBack(database, job, target.id, gate);
  const body = JSON.stringify(target.payload);
  let status: number;
  try {
    status = await postWebhook(target.url, deliveryHeaders(target, body), body, { policy: configuredPolicy(), signal });
  } catch (error) {
    // A worker stopping hands the job back uncounted: this was no attempt.
    if (signal.aborted) {
      await freeEndpoint(database, target.webhookId);
      throw error;
    }
    const failure = error instanceof DeliveryError ? error : new DeliveryError("The delivery failed on the server.", true);
    const disabled = await database.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, responseStatus: failure.responseStatus, error: failure.message, attemptLog: attemptEntry(failedAttempt(failure)) })
        .where(pendingDelivery(target.id));
      return endpointFailed(tx, target.webhookId, failure.message);
    });
    // The attempt that disables the endpoint is its delivery's last.
    throw disabled ? new DeliveryError(failure.message, false, failure.responseStatus, failure.timedOut) : failure;
  }
  return database.transaction(async (tx) => {
    await endpointDelivered(tx, target.webhookId);
    if (!(await complete(tx, job))) return "lost";
    await tx
      .update(webhookDeliveries)
      .set({
        status: "delivered",
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        responseStatus: status,
        error: null,
        deliveredAt: new Date(),
        attemptLog: attemptEntry({ outcome: "delivered", status, message: null }),
      })
      .where(eq(webhookDeliveries.id, target.id));
    return "done";
  });
}

/** A delivery its endpoint cannot take now: back to the queue uncounted (busy, backing off), or failed with the reason (disabled). */
async function holdBack(database: Database, job: HeldJob, deliveryId: string, gate: Exclude<EndpointGate, { open: true }>): Promise<JobOutcome> {
  return database.transaction(async (tx) => {
    if (gate.why === "busy") return (await postpone(tx, job, BUSY_RETRY_MS)) ? "postponed" : "lost";
    const message = holdSentence(gate);
    if (gate.why === "paused") {
      if (!(await postpone(tx, job, Math.max(gate.until.getTime() - Date.now(), BUSY_RETRY_MS)))) return "lost";
      await tx.update(webhookDeliveries).set({ attemptLog: attemptEntry({ outcome: "paused", status: null, message }) }).where(pendingDelivery(deliveryId));
      return "postponed";
    }
    if (!(await complete(tx, job))) return "lost";
    await tx.update(webhookDeliveries).set({ status: "failed", error: message, attemptLog: attemptEntry({ outcome: "disabled", status: null, message }) }).where(pendingDelivery(deliveryId));
    return "done";
  });
}

const deliveryOf = (job: { payload: unknown }): string | null => WebhookJobPayload.safeParse(job.payload).data?.deliveryId ?? null;

async function endDelivery(tx: Tx, job: { payload: unknown }, error: string): Promise<void> {
  const id = deliveryOf(job);
  if (id) await tx.update(webhookDeliveries).set({ status: "failed", error }).where(pendingDelivery(id));
}

/** Webhook deliveries as jobs (./webhook-queue.ts): retried with backoff. */
export const webhookJob = defineJob(webhookKind, {
  run: deliver,
  // A refused address or URL stays refused: retrying would only knock again.
  transient: (error) => !(error instanceof DeliveryError) || error.retry,
  reason: (error) => {
    if (error instanceof DeliveryError) return error.message;
    if (error instanceof Error && error.message === EXHAUSTED) return "The delivery stopped without finishing too many times.";
    return "The delivery failed on the server.";
  },
  onFailed: (tx, job, reason) => endDelivery(tx, job, reason),
  operator: {
    cancel: (tx, job) => endDelivery(tx, job, "An operator canceled this delivery."),
    // Sent again as a resend would: refused while another attempt of it is under way.
    redrive: async (tx, job) => {
      const id = deliveryOf(job);
      const [again] = id
        ? await tx
            .update(webhookDeliveries)
            .set({ status: "pending", error: null, deliveredAt: null })
            .where(and(eq(webhookDeliveries.id, id), ne(webhookDeliveries.status, "pending")))
            .returning({ id: webhookDeliveries.id })
        : [];
      if (!again) throw new DomainError("conflict", "This delivery is gone or is being sent already, so its job cannot be queued again.");
    },
  },
});

/** A pending delivery whose webhook's maker lost the right to manage it: failed with that sentence. */
async function failUnmanaged(database: Database, deliveryId: string): Promise<void> {
  await database
    .update(webhookDeliveries)
    .set({ status: "failed", error: NO_LONGER_MANAGED })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")));
}
