import { randomUUID } from "node:crypto";
import type { Within } from "@/lib/access/visibility";
import { and, desc, eq, ne, notInArray } from "drizzle-orm";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import type { Database, Tx } from "@/lib/db/client";
import { webhookDeliveries, webhooks, type WebhookDelivery, type WebhookEvent } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { enqueue } from "@/lib/jobs/enqueue";
import { ID_SHAPE } from "@/lib/access/space-manager";
import { managedWebhook, requireWebhookManager } from "./access";
import { holdSentence } from "./endpoint-health";
import { NO_LONGER_MANAGED, stillManaged, webhooksOfSpace } from "./endpoints";
import { webhookKind } from "./webhook-queue";

const DELIVERY_NOT_FOUND = "This delivery does not exist.";

/** The delivery log keeps this many per webhook (older delivered or failed ones are dropped as new ones come). */
const DELIVERIES_KEPT = 50;

/** A transcription that just ended, as its space's webhooks are told. */
export interface EndedTranscription {
  event: WebhookEvent;
  /** its uploader, and its workspace (null: the uploader's personal space) */
  userId: string;
  workspaceId: string | null;
  /** its API shape: what the receiver would get from GET /api/transcriptions/{id}, never the transcript's text */
  transcription: ApiTranscription;
}

/** What a receiver of a test ping gets: no transcription, only which webhook it is. */
type PingPayload = {
  id: string;
  type: "webhook.ping";
  created_at: string;
  data: { webhook_id: string; workspace_id: string | null };
};

/** What a receiver gets: the delivery's id (for deduplication), the event, and the transcription. */
type WebhookPayload = {
  id: string;
  type: WebhookEvent;
  created_at: string;
  data: { transcription: ApiTranscription; workspace_id: string | null };
};

const queueAttempt = (tx: Tx, delivery: { id: string; userId: string }) =>
  enqueue(tx, webhookKind, { deliveryId: delivery.id }, { userId: delivery.userId });

/**
 * One delivery (and its job) per webhook of the transcription's space that wants the event,
 * in the caller's transaction: the deliveries exist exactly when the end they report commits.
 */
export async function queueWebhookDeliveries(tx: Tx, ended: EndedTranscription): Promise<number> {
  const targets = (
    await tx
      .select({ id: webhooks.id, userId: webhooks.userId, events: webhooks.events, disabledAt: webhooks.disabledAt, failures: webhooks.consecutiveFailures })
      .from(webhooks)
      .where(and(webhooksOfSpace(ended.userId, ended.workspaceId), stillManaged))
  ).filter((w) => w.events.includes(ended.event));
  for (const webhook of targets) {
    const id = randomUUID();
    const payload: WebhookPayload = {
      id,
      type: ended.event,
      created_at: new Date().toISOString(),
      data: { transcription: ended.transcription, workspace_id: ended.workspaceId },
    };
    const row = { id, webhookId: webhook.id, event: ended.event, transcriptionId: ended.transcription.id, payload };
    if (webhook.disabledAt) {
      // Logged, not sent: its owner sees what it missed and can resend once it is enabled again.
      const message = holdSentence({ open: false, why: "disabled", failures: webhook.failures });
      await tx.insert(webhookDeliveries).values({ ...row, status: "failed", error: message, attemptLog: [{ at: new Date().toISOString(), outcome: "disabled", status: null, message }] });
    } else {
      await tx.insert(webhookDeliveries).values(row);
      await queueAttempt(tx, { id, userId: webhook.userId });
    }
    await dropOldDeliveries(tx, webhook.id);
  }
  return targets.length;
}

/** Test pings kept in a webhook's log (older ones go as new ones come; they never push out an event's delivery). */
const PINGS_KEPT = 5;
/** The least time between two tests of one webhook: a looping script sends no flood of signed calls. */
const PING_EVERY_MS = 10_000;

/**
 * A test ping, sent like any delivery (signed, retried, one at a time per URL, in the log): a
 * developer checks a receiver and its signature check without waiting for a transcription. A
 * failed ping counts against the endpoint's health as any failure does: it is the same URL.
 * One waits at a time; one already failing (waiting for its retry) is replaced by the new one,
 * so a receiver just fixed is tested at once. The webhook's row is held meanwhile.
 */
export async function pingWebhook(database: Database, userId: string, webhookId: string, within?: Within): Promise<WebhookDelivery> {
  return database.transaction(async (tx) => {
    const webhook = await managedWebhook(tx, userId, webhookId, within);
    const [held] = await tx.select({ id: webhooks.id }).from(webhooks).where(and(eq(webhooks.id, webhook.id), stillManaged)).for("update");
    if (!held) throw new DomainError("conflict", NO_LONGER_MANAGED);
    if (webhook.disabledAt) throw new DomainError("conflict", "This webhook is disabled after failing too often. Enable it again, then send a test.");
    const [last] = await tx
      .select({ id: webhookDeliveries.id, status: webhookDeliveries.status, attempts: webhookDeliveries.attempts, createdAt: webhookDeliveries.createdAt })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.webhookId, webhook.id), eq(webhookDeliveries.event, "webhook.ping")))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(1);
    if (last && Date.now() - last.createdAt.getTime() < PING_EVERY_MS) {
      throw new DomainError("rate_limited", "A test was sent to this webhook moments ago. Wait ten seconds before the next.");
    }
    if (last?.status === "pending") {
      if (last.attempts === 0) throw new DomainError("conflict", "A test of this webhook is still being sent. Its result will show in the delivery log.");
      // Its job finds it no longer pending and sends nothing.
      await tx.update(webhookDeliveries).set({ status: "failed", error: "Replaced by a newer test." }).where(eq(webhookDeliveries.id, last.id));
    }
    const id = randomUUID();
    const payload: PingPayload = { id, type: "webhook.ping", created_at: new Date().toISOString(), data: { webhook_id: webhook.id, workspace_id: webhook.workspaceId } };
    const [delivery] = await tx.insert(webhookDeliveries).values({ id, webhookId: webhook.id, event: "webhook.ping", transcriptionId: null, payload }).returning();
    await queueAttempt(tx, { id, userId: webhook.userId });
    await dropOldPings(tx, webhook.id);
    return delivery;
  });
}

/** Keeps a webhook's last PINGS_KEPT test pings; one still being sent stays. */
async function dropOldPings(tx: Tx, webhookId: string): Promise<void> {
  const pings = and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.event, "webhook.ping"));
  const kept = tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(pings).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(PINGS_KEPT);
  await tx.delete(webhookDeliveries).where(and(pings, ne(webhookDeliveries.status, "pending"), notInArray(webhookDeliveries.id, kept)));
}

/** Keeps the log to its last DELIVERIES_KEPT; one still being sent stays whatever its age. */
async function dropOldDeliveries(tx: Tx, webhookId: string): Promise<void> {
  const kept = tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERIES_KEPT);
  await tx
    .delete(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), ne(webhookDeliveries.status, "pending"), notInArray(webhookDeliveries.id, kept)));
}

/** A webhook's latest deliveries, newest first. */
export async function listDeliveries(database: Database, userId: string, webhookId: string, within?: Within): Promise<WebhookDelivery[]> {
  const webhook = await managedWebhook(database, userId, webhookId, within);
  return database
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhook.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERIES_KEPT);
}

/**
 * Sends a delivery again: the same payload and delivery id (a receiver that got it already can
 * tell), signed afresh at each attempt, with a new round of retries. One still being sent is a
 * conflict (it would be sent twice at once).
 */
export async function resendDelivery(database: Database, userId: string, deliveryId: string, within?: Within): Promise<WebhookDelivery> {
  if (!ID_SHAPE.test(deliveryId)) throw new DomainError("not_found", DELIVERY_NOT_FOUND);
  return database.transaction(async (tx) => {
    const [found] = await tx
      .select({ webhookId: webhookDeliveries.webhookId, userId: webhooks.userId, workspaceId: webhooks.workspaceId, disabledAt: webhooks.disabledAt })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!found) throw new DomainError("not_found", DELIVERY_NOT_FOUND);
    await requireWebhookManager(tx, userId, found, DELIVERY_NOT_FOUND, within);
    if (found.disabledAt) throw new DomainError("conflict", "This webhook is disabled after failing too often. Enable it again, then resend.");
    const [pending] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", error: null, deliveredAt: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), ne(webhookDeliveries.status, "pending")))
      .returning();
    if (!pending) throw new DomainError("conflict", "This delivery is still being sent. Resend it once it is delivered or has failed.");
    await queueAttempt(tx, { id: pending.id, userId: found.userId });
    return pending;
  });
}
