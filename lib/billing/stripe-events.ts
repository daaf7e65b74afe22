import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database, Tx } from "@/lib/db/client";
import { plans, processedWebhookEvents, users, type Subscription } from "@/lib/db/schema";
import type { Mail } from "@/lib/email/mail";
import { paymentFailedMail, trialEndingMail } from "@/lib/email/templates";
import { DomainError } from "@/lib/errors/domain-error";
import type { WebhookOutcome } from "./provider-types";
import { BillingProviderError } from "./stripe/errors";
import { idOf } from "./stripe/phases";
import { scheduledChangeFromSchedule, snapshotFromStripe, type PriceResolver } from "./stripe/snapshot";
import { cancelSubscriptionNow, retrieveSubscription } from "./stripe/subscriptions";
import { verifyWebhook } from "./stripe/webhook";
import { applySnapshot, type ApplyResult } from "./subscription-sync";
import { billingDate } from "./billing-date";
import { log } from "@/lib/log/logger";

export interface StripeEventDeps {
  stripe: Stripe;
  appUrl: string;
  /** queues a mail in the transaction that records the event (lib/email/mail-queue) */
  queueMail(tx: Tx, mail: Mail): Promise<void>;
}

/** The subscription an event is about, and the user it names when the subscription does not. */
function subjectOf(event: Stripe.Event): { subscriptionId: string | null; userId?: string; customerId?: string } {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      return { subscriptionId: idOf(session.subscription), userId: session.client_reference_id ?? undefined, customerId: idOf(session.customer) ?? undefined };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.trial_will_end":
      return { subscriptionId: event.data.object.id };
    case "invoice.paid":
    case "invoice.payment_failed": {
      // API versions differ: the subscription sits on the invoice or under parent.subscription_details.
      const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | undefined;
      return { subscriptionId: idOf(object.subscription as string | null) ?? idOf(parent?.subscription_details?.subscription ?? null) };
    }
    case "subscription_schedule.updated":
    case "subscription_schedule.released":
    case "subscription_schedule.completed":
    case "subscription_schedule.canceled":
      return { subscriptionId: idOf(event.data.object.subscription) };
    default:
      return { subscriptionId: null };
  }
}

async function priceResolver(database: Database): Promise<PriceResolver> {
  const rows = await database.select().from(plans);
  const byPrice = new Map<string, { planId: string; billingInterval: "monthly" | "annual" }>();
  for (const p of rows) {
    if (p.stripePriceIdMonthly) byPrice.set(p.stripePriceIdMonthly, { planId: p.id, billingInterval: "monthly" });
    if (p.stripePriceIdAnnual) byPrice.set(p.stripePriceIdAnnual, { planId: p.id, billingInterval: "annual" });
  }
  return (priceId) => byPrice.get(priceId) ?? null;
}

/**
 * Handles one verified Stripe event. Whatever the event says, the subscription is re-read
 * from Stripe, so events arriving late or out of order still leave the latest state. The
 * event id is stored in the same transaction as the effect and the mail it sends: a
 * redelivery is a no-op, and a crash before the commit leaves Stripe to deliver it again.
 */
async function handleStripeEvent(database: Database, event: Stripe.Event, deps: StripeEventDeps): Promise<WebhookOutcome> {
  const [seen] = await database.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, event.id));
  if (seen) return "duplicate";
  const subject = subjectOf(event);
  const snapshot = subject.subscriptionId ? await latestSnapshot(database, subject.subscriptionId, subject.userId, deps.stripe) : null;

  const applied = await database.transaction(async (tx) => {
    const [fresh] = await tx.insert(processedWebhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return "duplicate" as const;
    if (subject.userId && subject.customerId) {
      await tx.update(users).set({ stripeCustomerId: subject.customerId }).where(eq(users.id, subject.userId));
    }
    if (!snapshot) return null;
    const result = await applySnapshot(tx, snapshot);
    const mail = await mailAbout(tx, event, result.subscription, deps.appUrl);
    if (mail) await deps.queueMail(tx, mail);
    return result;
  });
  if (applied === "duplicate") return "duplicate";
  if (applied) await cancelSuperseded(deps.stripe, applied);
  return snapshot ? "processed" : "ignored";
}

/**
 * One webhook delivery: the signature is checked on the raw body (`invalid` if bad), then the
 * event is handled. When Stripe itself fails meanwhile, the event is not stored as processed
 * and the answer is `unavailable` (503): Stripe delivers it again later.
 */
export async function receiveStripeWebhook(
  database: Database,
  rawBody: string,
  signature: string | null,
  deps: StripeEventDeps & { secret: string },
): Promise<WebhookOutcome> {
  const event = verifyWebhook(deps.stripe, rawBody, signature, deps.secret);
  try {
    return await handleStripeEvent(database, event, deps);
  } catch (error) {
    if (!(error instanceof BillingProviderError)) throw error;
    log().warn({ err: error, eventId: event.id, eventType: event.type }, "Stripe webhook not processed; Stripe will retry");
    throw new DomainError("unavailable", error.message);
  }
}

async function userExists(database: Database, userId: string): Promise<boolean> {
  const [row] = await database.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

/**
 * The account is gone (deleted by an operator or by its owner). Its subscriptions were canceled
 * then, but one can still start afterwards — a checkout opened before the deletion completes
 * later — and must not bill an account that no longer exists. A failure here throws, so the
 * webhook answers 503 and Stripe retries.
 */
async function endOrphan(stripe: Stripe, subscriptionId: string, status: string): Promise<void> {
  if (status === "canceled") return;
  log().warn({ subscriptionId }, "subscription belongs to a deleted account; canceling it at Stripe");
  await cancelSubscriptionNow(stripe, subscriptionId);
}

async function latestSnapshot(database: Database, subscriptionId: string, userId: string | undefined, stripe: Stripe) {
  const resolve = await priceResolver(database);
  const subscription = await retrieveSubscription(stripe, subscriptionId);
  if (!subscription) return null;
  const snapshot = snapshotFromStripe(subscription, resolve, userId);
  if (!snapshot) return null;
  if (!(await userExists(database, snapshot.userId))) {
    await endOrphan(stripe, subscriptionId, snapshot.status);
    return null;
  }
  const scheduleId = idOf(subscription.schedule);
  if (scheduleId) {
    const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
    snapshot.scheduledPlanChange = scheduledChangeFromSchedule(schedule, resolve);
  }
  return snapshot;
}

/** The mail an event sends the subscription's user (a trial ending, a failed payment), or null. */
async function mailAbout(tx: Tx, event: Stripe.Event, sub: Subscription, appUrl: string): Promise<Mail | null> {
  if (event.type !== "customer.subscription.trial_will_end" && event.type !== "invoice.payment_failed") return null;
  const [user] = await tx.select().from(users).where(eq(users.id, sub.userId));
  const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, sub.planId));
  if (!user || !plan) return null;
  const accountUrl = `${appUrl}/account`;
  return event.type === "invoice.payment_failed"
    ? paymentFailedMail(user.email, user.name, plan.name, accountUrl)
    : trialEndingMail(user.email, user.name, plan.name, billingDate(sub.trialEnd ?? new Date()), accountUrl);
}

/** After the commit (Stripe calls stay outside transactions): replaced subscriptions end at Stripe. */
async function cancelSuperseded(stripe: Stripe, applied: ApplyResult): Promise<void> {
  for (const id of applied.supersededStripeIds) {
    await cancelSubscriptionNow(stripe, id).catch((error: unknown) => log().error({ err: error, subscriptionId: id }, "could not cancel a replaced subscription at Stripe"));
  }
}
