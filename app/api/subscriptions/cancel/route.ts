import { toApiCurrent } from "@/lib/billing/current-subscription";
import { setCancellation } from "@/lib/billing/plan-changes";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as billingApi from "@/lib/api/endpoints/billing";

/** Cancel at the end of the current period (paid features last until then). */
export const POST = route(billingApi.cancelSubscription, { auth: "user" }, async ({ user }) =>
  toApiCurrent(db(), user.id, await setCancellation(db(), billingProvider(), user.id, true)),
);
