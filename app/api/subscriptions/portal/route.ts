import { billingDeps, billingUser } from "@/lib/billing/billing-request";
import { currentSubscription } from "@/lib/billing/current-subscription";
import { billingPortalUrl } from "@/lib/billing/plan-changes";
import { db } from "@/lib/db/client";
import { errorResponse, json } from "@/lib/http/responses";

/** Manage billing: payment methods and invoices at Stripe's portal (or the demo billing page). */
export async function POST(request: Request) {
  const who = await billingUser(request);
  if (!who.ok) return who.response;
  const result = await billingPortalUrl(who.user, await currentSubscription(db(), who.user.id), billingDeps());
  return result.ok ? json({ url: result.value }) : errorResponse(result.status, result.detail);
}
