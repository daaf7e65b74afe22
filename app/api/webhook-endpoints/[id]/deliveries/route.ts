import { WebhookDeliveryList } from "@/lib/api/contract/webhooks";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiDelivery } from "@/lib/webhooks/answers";
import { listDeliveries } from "@/lib/webhooks/deliveries";

/** The webhook's latest deliveries, newest first. */
export const GET = route({ auth: "user", answer: WebhookDeliveryList }, async ({ user, params }) => ({
  deliveries: (await listDeliveries(db(), user.id, params.id)).map(toApiDelivery),
}));
