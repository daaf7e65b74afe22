import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiWebhook } from "@/lib/webhooks/answers";
import { rotateWebhookSecret } from "@/lib/webhooks/endpoints";
import * as webhooksApi from "@/lib/api/endpoints/webhooks";

/** A new signing secret; the old one stops working at once. */
export const POST = route(webhooksApi.rotateWebhookSecret, { auth: "user", apiKey: "write" }, async ({ user, params, within }) =>
  toApiWebhook(await rotateWebhookSecret(db(), user.id, params.id, within)),
);
