import { ApiWebhookDelivery } from "@/lib/api/contract/webhooks";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiDelivery } from "@/lib/webhooks/answers";
import { resendDelivery } from "@/lib/webhooks/deliveries";

/** Sends a delivery again (same payload and id, signed afresh): 202, it goes out from a worker. */
export const POST = route({ auth: "user", status: 202, answer: ApiWebhookDelivery }, async ({ user, params }) =>
  toApiDelivery(await resendDelivery(db(), user.id, params.id)),
);
