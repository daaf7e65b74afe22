import { toApiCurrent } from "@/lib/billing/current-subscription";
import { setCancellation } from "@/lib/billing/plan-changes";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as billingApi from "@/lib/api/endpoints/billing";

/** Take back a cancellation at period end. */
export const POST = route(billingApi.resumeSubscription, { auth: "user" }, async ({ user }) =>
  toApiCurrent(db(), user.id, await setCancellation(db(), billingProvider(), user.id, false)),
);
