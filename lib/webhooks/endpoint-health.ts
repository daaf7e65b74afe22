import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Within } from "@/lib/access/visibility";
import { WEBHOOK_DISABLE_AFTER_FAILURES } from "@/lib/api/contract/webhooks";
import type { Database, Tx } from "@/lib/db/client";
import { users, webhookDeliveries, webhooks, type DeliveryAttempt, type Webhook } from "@/lib/db/schema";
import { queueMail } from "@/lib/email/mail-queue";
import { webhookDisabledMail } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { managedWebhook } from "./access";
import { DELIVERY_TIMEOUT_MS } from "./send";

/**
 * An endpoint's health: one delivery to it at a time, a pause after each failure that grows
 * while it keeps failing (its queued deliveries wait in the queue, not in a worker's slot),
 * and after DISABLE_AFTER_FAILURES failures in a row it is disabled and its owner mailed, once.
 */

/** The pause after the n-th failure in a row: 10 s, 30 s, 2 min, 10 min, 30 min, then 1 h each. */
const PAUSES_MS = [10_000, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000];
const endpointPause = (failures: number): number => PAUSES_MS[Math.min(Math.max(failures, 1), PAUSES_MS.length) - 1];

/** About five hours of failing (10 s + 30 s + 2 min + 10 min + 30 min + 4 × 1 h, one attempt after each pause). */
const DISABLE_AFTER_FAILURES = WEBHOOK_DISABLE_AFTER_FAILURES;

/** A delivery that finds its endpoint busy with another goes back to the queue for this long. */
export const BUSY_RETRY_MS = 1_000;

/** How long a taken endpoint stays taken if its worker dies mid-attempt: the attempt's own limit and a margin. */
const SENDING_HOLD_MS = DELIVERY_TIMEOUT_MS + 5_000;

/** The delivery log keeps an attempt history this long (a delivery has 6 attempts, the rest are holds). */
const ATTEMPTS_KEPT = 20;

export type EndpointGate =
  | { open: true }
  | { open: false; why: "busy" }
  | { open: false; why: "paused"; until: Date; failures: number }
  | { open: false; why: "disabled"; failures: number };

/**
 * Takes the endpoint for one attempt if it is free, not backing off and not disabled (one
 * statement, so two workers never both take it); otherwise says why not.
 */
export async function takeEndpoint(database: Database, webhookId: string): Promise<EndpointGate> {
  const now = sql`now()`;
  const [taken] = await database
    .update(webhooks)
    .set({ sendingUntil: sql`now() + make_interval(secs => ${SENDING_HOLD_MS / 1000})` })
    .where(
      and(
        eq(webhooks.id, webhookId),
        isNull(webhooks.disabledAt),
        or(isNull(webhooks.pausedUntil), lte(webhooks.pausedUntil, now)),
        or(isNull(webhooks.sendingUntil), lt(webhooks.sendingUntil, now)),
      ),
    )
    .returning({ id: webhooks.id });
  if (taken) return { open: true };
  const [state] = await database
    .select({ disabledAt: webhooks.disabledAt, pausedUntil: webhooks.pausedUntil, failures: webhooks.consecutiveFailures, resting: sql<boolean>`coalesce(${webhooks.pausedUntil} > now(), false)` })
    .from(webhooks)
    .where(eq(webhooks.id, webhookId));
  if (state?.disabledAt) return { open: false, why: "disabled", failures: state.failures };
  if (state?.resting && state.pausedUntil) return { open: false, why: "paused", until: state.pausedUntil, failures: state.failures };
  return { open: false, why: "busy" };
}

/** Gives the endpoint back without a verdict (the worker is stopping: this was no attempt). */
export async function freeEndpoint(database: Database, webhookId: string): Promise<void> {
  await database.update(webhooks).set({ sendingUntil: null }).where(eq(webhooks.id, webhookId));
}

/** A 2xx: the endpoint is healthy again, whatever came before. */
export async function endpointDelivered(tx: Tx, webhookId: string): Promise<void> {
  await tx.update(webhooks).set({ sendingUntil: null, consecutiveFailures: 0, pausedUntil: null }).where(eq(webhooks.id, webhookId));
}

/**
 * A failed attempt: one more failure in a row, a pause that grows with them, and at
 * DISABLE_AFTER_FAILURES the endpoint is disabled and its owner gets one mail (in this
 * transaction: sent only if the disabling commits, and never twice, as only this update
 * crosses the threshold). Returns whether it is now disabled.
 */
export async function endpointFailed(tx: Tx, webhookId: string, lastError: string): Promise<boolean> {
  const [counted] = await tx
    .update(webhooks)
    .set({ sendingUntil: null, consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
    .where(and(eq(webhooks.id, webhookId), isNull(webhooks.disabledAt)))
    .returning({ failures: webhooks.consecutiveFailures, url: webhooks.url, userId: webhooks.userId });
  if (!counted) return true;
  const disabling = counted.failures >= DISABLE_AFTER_FAILURES;
  await tx
    .update(webhooks)
    .set({ pausedUntil: sql`now() + make_interval(secs => ${endpointPause(counted.failures) / 1000})`, ...(disabling ? { disabledAt: sql`now()` } : {}) })
    .where(eq(webhooks.id, webhookId));
  if (disabling) {
    const [owner] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, counted.userId));
    if (owner) await queueMail(tx, webhookDisabledMail(owner.email, owner.name, counted.url, counted.failures, lastError, `${env().APP_URL}/developers`));
  }
  return disabling;
}

/** Adds one entry to a delivery's attempt history, dropping the oldest past ATTEMPTS_KEPT. */
export function attemptEntry(attempt: Omit<DeliveryAttempt, "at">) {
  const entry = JSON.stringify([{ at: new Date().toISOString(), ...attempt }]);
  return sql`(case when jsonb_array_length(${webhookDeliveries.attemptLog}) >= ${ATTEMPTS_KEPT} then ${webhookDeliveries.attemptLog} - 0 else ${webhookDeliveries.attemptLog} end) || ${entry}::jsonb`;
}

/** The sentence a held-back delivery's log shows. */
export function holdSentence(gate: Extract<EndpointGate, { open: false; why: "paused" | "disabled" }>): string {
  if (gate.why === "disabled") return `Not sent: the endpoint was disabled after ${gate.failures} failed attempts in a row. Enable it again, then resend.`;
  return `Held back: the endpoint is backing off after ${gate.failures} failed ${gate.failures === 1 ? "attempt" : "attempts in a row"} until ${gate.until.toISOString()}.`;
}

/** The owner enables a disabled (or backing-off) webhook again: its failures count afresh, and the deliveries still queued go out in their turn. */
export async function enableWebhook(database: Database, userId: string, id: string, within?: Within): Promise<Webhook> {
  return database.transaction(async (tx) => {
    const webhook = await managedWebhook(tx, userId, id, within);
    const [enabled] = await tx.update(webhooks).set({ disabledAt: null, pausedUntil: null, consecutiveFailures: 0 }).where(eq(webhooks.id, webhook.id)).returning();
    return enabled;
  });
}
