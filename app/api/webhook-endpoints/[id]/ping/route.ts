import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiDelivery } from "@/lib/webhooks/answers";
import { pingWebhook } from "@/lib/webhooks/deliveries";
import * as webhooksApi from "@/lib/api/endpoints/webhooks";

/** A signed test delivery (`webhook.ping`), queued like any other: its outcome shows in the log. */
export const POST = route(webhooksApi.pingWebhook, { auth: "user", apiKey: "write" }, async ({ user, params, within }) =>
  toApiDelivery(await pingWebhook(db(), user.id, params.id, within)),
);
