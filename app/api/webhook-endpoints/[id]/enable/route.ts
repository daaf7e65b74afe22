import { ApiWebhook } from "@/lib/api/contract/webhooks";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiWebhook } from "@/lib/webhooks/answers";
import { enableWebhook } from "@/lib/webhooks/endpoint-health";

/** Enables a webhook that was disabled after failing too often (or cuts its backoff short): its failures count afresh. */
export const POST = route({ auth: "user", answer: ApiWebhook }, async ({ user, params }) => toApiWebhook(await enableWebhook(db(), user.id, params.id)));
