import { NoContent } from "@/lib/api/contract/webhooks";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { deleteWebhook } from "@/lib/webhooks/endpoints";

/** Deletes the webhook and its delivery log. */
export const DELETE = route({ auth: "user", answer: NoContent }, async ({ user, params }) => {
  await deleteWebhook(db(), user.id, params.id);
  return noContent();
});
