import { z } from "zod";
import { jobKind } from "@/lib/jobs/definition";

export const WebhookJobPayload = z.object({ deliveryId: z.string() });
export type WebhookJobPayload = z.infer<typeof WebhookJobPayload>;

/** The waits between attempts: a receiver that is down for a deploy gets it in seconds, one down for longer within the hour. */
const BACKOFF_MS = [10_000, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000];
export const webhookBackoff = (attempt: number): number => BACKOFF_MS[Math.min(Math.max(attempt, 1), BACKOFF_MS.length) - 1];

/**
 * One attempt-series of a webhook delivery, run by ./webhook-job.ts on a lane of its own (a
 * slow receiver never holds up a mail, a long file or a model's minute). Tried over about
 * three quarters of an hour (10 s, 30 s, 2 min, 10 min, 30 min; longer while its endpoint
 * backs off) before the delivery counts as failed.
 */
export const webhookKind = jobKind({
  kind: "webhook",
  payload: WebhookJobPayload,
  lane: "webhooks",
  maxAttempts: 6,
  backoffMs: webhookBackoff,
});
