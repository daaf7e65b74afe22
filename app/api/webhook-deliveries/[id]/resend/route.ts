import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiDelivery } from "@/lib/webhooks/answers";
import { resendDelivery } from "@/lib/webhooks/deliveries";
import * as webhooksApi from "@/lib/api/endpoints/webhooks";

/** Sends a delivery again (same payload and id, signed afresh): 202, it goes out from a worker. */
export const POST = route(webhooksApi.resendWebhookDelivery, { auth: "user", apiKey: "write" }, async ({ user, params, within }) =>
  toApiDelivery(await resendDelivery(db(), user.id, params.id, within)),
);
