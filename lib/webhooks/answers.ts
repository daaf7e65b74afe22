import type { ApiWebhook, ApiWebhookDelivery, DELIVERY_ATTEMPT_OUTCOME_NAMES, DELIVERY_EVENT_NAMES, WEBHOOK_EVENT_NAMES } from "@/lib/api/contract/webhooks";
import type { DELIVERY_ATTEMPT_OUTCOMES, Webhook, WebhookDelivery, WebhookDeliveryEvent, WebhookEvent } from "@/lib/db/schema";

// The browser's contract lists the events without importing the schema: the two lists must agree.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const eventsAgree: Same<(typeof WEBHOOK_EVENT_NAMES)[number], WebhookEvent> = true;
void eventsAgree;
const deliveryEventsAgree: Same<(typeof DELIVERY_EVENT_NAMES)[number], WebhookDeliveryEvent> = true;
void deliveryEventsAgree;
const outcomesAgree: Same<(typeof DELIVERY_ATTEMPT_OUTCOME_NAMES)[number], (typeof DELIVERY_ATTEMPT_OUTCOMES)[number]> = true;
void outcomesAgree;

function stateOf(w: Webhook, now: number): ApiWebhook["state"] {
  if (w.disabledAt) return "disabled";
  return w.pausedUntil && w.pausedUntil.getTime() > now ? "backing_off" : "active";
}

export function toApiWebhook(w: Webhook): ApiWebhook {
  const state = stateOf(w, Date.now());
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    secret: w.secret,
    workspace_id: w.workspaceId,
    created_at: w.createdAt.toISOString(),
    state,
    consecutive_failures: w.consecutiveFailures,
    paused_until: state === "backing_off" ? w.pausedUntil!.toISOString() : null,
    disabled_at: w.disabledAt?.toISOString() ?? null,
  };
}

/** The transcription's title as the delivery sent it (it stays readable after a rename or deletion). */
function sentTitle(d: WebhookDelivery): string | null {
  const data = d.payload.data as { transcription?: { title?: unknown } } | undefined;
  return typeof data?.transcription?.title === "string" ? data.transcription.title : null;
}

export function toApiDelivery(d: WebhookDelivery): ApiWebhookDelivery {
  return {
    id: d.id,
    webhook_id: d.webhookId,
    event: d.event,
    transcription_id: d.transcriptionId,
    transcription_title: sentTitle(d),
    status: d.status,
    attempts: d.attempts,
    response_status: d.responseStatus,
    error: d.error,
    attempt_log: d.attemptLog,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}
