import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiWebhook } from "@/lib/webhooks/answers";
import { enableWebhook } from "@/lib/webhooks/endpoint-health";
import * as webhooksApi from "@/lib/api/endpoints/webhooks";

/** Enables a webhook that was disabled after failing too often (or cuts its backoff short): its failures count afresh. */
export const POST = route(webhooksApi.enableWebhook, { auth: "user", apiKey: "write" }, async ({ user, params, within }) =>
  toApiWebhook(await enableWebhook(db(), user.id, params.id, within)),
);
