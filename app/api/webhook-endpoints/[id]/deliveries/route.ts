import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiDelivery } from "@/lib/webhooks/answers";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import * as webhooksApi from "@/lib/api/endpoints/webhooks";

/** The webhook's latest deliveries, newest first. */
export const GET = route(webhooksApi.listWebhookDeliveries, { auth: "user" }, async ({ user, params }) => ({
  deliveries: (await listDeliveries(db(), user.id, params.id)).map(toApiDelivery),
}));
