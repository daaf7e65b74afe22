import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { deleteWebhook } from "@/lib/webhooks/endpoints";
import * as webhooksApi from "@/lib/api/endpoints/webhooks";

/** Deletes the webhook and its delivery log. */
export const DELETE = route(webhooksApi.deleteWebhook, { auth: "user" }, async ({ user, params }) => {
  await deleteWebhook(db(), user.id, params.id);
  return noContent();
});
