/**
 * /api/webhook-endpoints and /api/webhook-deliveries: the answers the developers page checks,
 * and the body the server validates with these sentences (lib/webhooks checks the URL's
 * rules). zod/mini: small in the bundle.
 */
import * as z from "zod/mini";

/** What a webhook can be called for (lib/db/schema.ts WEBHOOK_EVENTS: lib/webhooks checks they agree). */
export const WEBHOOK_EVENT_NAMES = ["transcription.done", "transcription.failed"] as const;
export const WebhookEventName = z.enum(WEBHOOK_EVENT_NAMES);
export type WebhookEventName = z.infer<typeof WebhookEventName>;
/** lib/db/schema.ts WEBHOOK_DELIVERY_EVENTS: the events, and the test ping a webhook's manager sends. */
export const DELIVERY_EVENT_NAMES = [...WEBHOOK_EVENT_NAMES, "webhook.ping"] as const;

const WEBHOOK_DELIVERY_STATES = ["pending", "delivered", "failed"] as const;

/** A webhook is disabled after this many failed attempts in a row (lib/webhooks/endpoint-health.ts; the page says it). */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 10;

/** A webhook endpoint, with its signing secret: only its space's owner and admins (who may manage it) see the list. */
export const ApiWebhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventName),
  /** `whsec_…`: the key of each delivery's `Verbatim-Signature` */
  secret: z.string(),
  /** the workspace whose transcriptions it reports; null: its user's personal space */
  workspace_id: z.nullable(z.string()),
  created_at: z.string(),
  /** active; backing_off: failing, no attempt before `paused_until`; disabled: after too many failures in a row, until enabled again */
  state: z.enum(["active", "backing_off", "disabled"]),
  /** failed attempts in a row (0 once one is delivered) */
  consecutive_failures: z.number(),
  paused_until: z.nullable(z.string()),
  disabled_at: z.nullable(z.string()),
});
export type ApiWebhook = z.infer<typeof ApiWebhook>;

export const WebhookList = z.object({ webhooks: z.array(ApiWebhook) });

const URL_MISSING = "Enter the URL to call.";
const EVENTS_SENTENCE = `Choose the events to send: ${WEBHOOK_EVENT_NAMES.map((e) => `"${e}"`).join(" and/or ")}.`;

/** `POST /api/webhook-endpoints`: a URL, and the events to send it (both when left out). */
export const CreateWebhookBody = z.object({
  url: z.string({ error: URL_MISSING }).check(z.trim(), z.minLength(1, URL_MISSING)),
  events: z.optional(
    z
      .array(z.enum(WEBHOOK_EVENT_NAMES, { error: EVENTS_SENTENCE }), { error: EVENTS_SENTENCE })
      .check(z.minLength(1, "Choose at least one event."), z.maxLength(WEBHOOK_EVENT_NAMES.length, EVENTS_SENTENCE)),
  ),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

/** `PATCH /api/webhook-endpoints/{id}`: a new URL, new events, or both (what is left out stays). */
export const UpdateWebhookBody = z.partial(CreateWebhookBody).check(
  z.refine((b) => b.url !== undefined || b.events !== undefined, "Give the webhook's new \"url\", its \"events\", or both."),
);
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

/** lib/db/schema.ts DELIVERY_ATTEMPT_OUTCOMES (lib/webhooks checks they agree). */
export const DELIVERY_ATTEMPT_OUTCOME_NAMES = ["delivered", "status", "timeout", "error", "paused", "disabled"] as const;

/** One try of a delivery: sent (delivered, an error status, a timeout, another failure), or held back (its endpoint backing off or disabled). */
const ApiDeliveryAttempt = z.object({
  at: z.string(),
  outcome: z.enum(DELIVERY_ATTEMPT_OUTCOME_NAMES),
  status: z.nullable(z.number()),
  message: z.nullable(z.string()),
});
export type ApiDeliveryAttempt = z.infer<typeof ApiDeliveryAttempt>;

/** One event sent (or being sent) to a webhook; its attempts are retried with backoff as a job. */
export const ApiWebhookDelivery = z.object({
  id: z.string(),
  webhook_id: z.string(),
  event: z.enum(DELIVERY_EVENT_NAMES),
  transcription_id: z.nullable(z.string()),
  /** the transcription's title when the event was sent */
  transcription_title: z.nullable(z.string()),
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  /** calls made so far, resends included */
  attempts: z.number(),
  /** the HTTP status of the last answer; null: none came (network error, refused address) */
  response_status: z.nullable(z.number()),
  /** why the last attempt failed, in one sentence */
  error: z.nullable(z.string()),
  /** the attempts and holds, oldest first (the latest 20) */
  attempt_log: z.array(ApiDeliveryAttempt),
  delivered_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApiWebhookDelivery = z.infer<typeof ApiWebhookDelivery>;

/** `GET /api/webhook-endpoints/{id}/deliveries`: the latest 50, newest first. */
export const WebhookDeliveryList = z.object({ deliveries: z.array(ApiWebhookDelivery) });

/** `DELETE /api/webhook-endpoints/{id}`: 204, no body. */
export const NoContent = z.undefined();
