import { ApiWebhook, ApiWebhookDelivery, CreateWebhookBody, NoContent, UpdateWebhookBody, WebhookDeliveryList, WebhookList } from "../contract/webhooks";
import { endpoint } from "../endpoint";

export const resendWebhookDelivery = endpoint({ method: "POST", path: "/api/webhook-deliveries/{id}/resend", answer: ApiWebhookDelivery, status: 202 });
export const listWebhookDeliveries = endpoint({ method: "GET", path: "/api/webhook-endpoints/{id}/deliveries", answer: WebhookDeliveryList });
export const enableWebhook = endpoint({ method: "POST", path: "/api/webhook-endpoints/{id}/enable", answer: ApiWebhook });
export const updateWebhook = endpoint({ method: "PATCH", path: "/api/webhook-endpoints/{id}", body: UpdateWebhookBody, answer: ApiWebhook });
export const pingWebhook = endpoint({ method: "POST", path: "/api/webhook-endpoints/{id}/ping", answer: ApiWebhookDelivery, status: 202 });
export const rotateWebhookSecret = endpoint({ method: "POST", path: "/api/webhook-endpoints/{id}/rotate-secret", answer: ApiWebhook });
export const deleteWebhook = endpoint({ method: "DELETE", path: "/api/webhook-endpoints/{id}", answer: NoContent });
export const listWebhooks = endpoint({ method: "GET", path: "/api/webhook-endpoints", answer: WebhookList });
export const createWebhook = endpoint({ method: "POST", path: "/api/webhook-endpoints", body: CreateWebhookBody, answer: ApiWebhook, status: 201 });
