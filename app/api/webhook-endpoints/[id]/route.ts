import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { toApiWebhook } from "@/lib/webhooks/answers";
import { deleteWebhook, updateWebhook } from "@/lib/webhooks/endpoints";
import * as webhooksApi from "@/lib/api/endpoints/webhooks";

/** A new URL or events for the webhook (what is left out stays). */
export const PATCH = route(webhooksApi.updateWebhook, { auth: "user", apiKey: "write" }, async ({ user, params, body, within }) =>
  toApiWebhook(await updateWebhook(db(), user.id, params.id, { url: body.url, events: body.events }, within)),
);

/** Deletes the webhook and its delivery log. */
export const DELETE = route(webhooksApi.deleteWebhook, { auth: "user", apiKey: "write" }, async ({ user, params, within }) => {
  await deleteWebhook(db(), user.id, params.id, within);
  return noContent();
});
