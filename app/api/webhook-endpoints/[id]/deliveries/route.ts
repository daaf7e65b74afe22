import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiDelivery } from "@/lib/webhooks/answers";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import * as webhooksApi from "@/lib/api/endpoints/webhooks";

/** The webhook's latest deliveries, newest first, each with the transcription's id and title. */
export const GET = route(webhooksApi.listWebhookDeliveries, { auth: "user", apiKey: "write" }, async ({ user, params, within }) => ({
  deliveries: (await listDeliveries(db(), user.id, params.id, within)).map(toApiDelivery),
}));
