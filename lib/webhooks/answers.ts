import type { ApiWebhook, ApiWebhookDelivery, WEBHOOK_EVENT_NAMES } from "@/lib/api/contract/webhooks";
import type { Webhook, WebhookDelivery, WebhookEvent } from "@/lib/db/schema";

// The browser's contract lists the events without importing the schema: the two lists must agree.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const eventsAgree: Same<(typeof WEBHOOK_EVENT_NAMES)[number], WebhookEvent> = true;
void eventsAgree;

export function toApiWebhook(w: Webhook): ApiWebhook {
  return { id: w.id, url: w.url, events: w.events, secret: w.secret, workspace_id: w.workspaceId, created_at: w.createdAt.toISOString() };
}

export function toApiDelivery(d: WebhookDelivery): ApiWebhookDelivery {
  return {
    id: d.id,
    webhook_id: d.webhookId,
    event: d.event,
    transcription_id: d.transcriptionId,
    status: d.status,
    attempts: d.attempts,
    response_status: d.responseStatus,
    error: d.error,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}
